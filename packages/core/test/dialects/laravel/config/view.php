<?php

return ['paths' => [], 'compiled' => getenv('LARAVEL_STORAGE')];
