<?php

// Laravel's built-in token guard: `Authorization: Bearer <api_token>` (Sanctum, which most
// apps use for the same header, is not among Debian's packages).
return [
    'defaults' => ['guard' => 'api'],
    'guards' => [
        'api' => ['driver' => 'token', 'provider' => 'users', 'hash' => false],
    ],
    'providers' => [
        'users' => ['driver' => 'eloquent', 'model' => App\Models\User::class],
    ],
];
