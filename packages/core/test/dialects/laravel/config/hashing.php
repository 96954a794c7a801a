<?php

// The fewest bcrypt rounds Laravel allows: the seed user is hashed at every start.
return ['driver' => 'bcrypt', 'bcrypt' => ['rounds' => 4]];
