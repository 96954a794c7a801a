<?php

// The Laravel 8 skeleton's resources/lang/en/pagination.php.
return [
    'previous' => '&laquo; Previous',
    'next' => 'Next &raquo;',
];
