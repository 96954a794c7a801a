<?php

namespace App\Http;

use Illuminate\Foundation\Http\Kernel as HttpKernel;

/** The middleware of a Laravel 8 skeleton app that matter to an API client. */
class Kernel extends HttpKernel
{
    // Global, as in the skeleton's app/Http/Kernel.php: every API request is trimmed and its
    // empty strings become null before validation and filters see them.
    protected $middleware = [
        \Illuminate\Foundation\Http\Middleware\ValidatePostSize::class,
        \Illuminate\Foundation\Http\Middleware\TrimStrings::class,
        \Illuminate\Foundation\Http\Middleware\ConvertEmptyStringsToNull::class,
    ];

    protected $routeMiddleware = [
        'auth' => \Illuminate\Auth\Middleware\Authenticate::class,
    ];

    protected $middlewareGroups = [
        'api' => [
            \Illuminate\Routing\Middleware\SubstituteBindings::class,
        ],
    ];
}
