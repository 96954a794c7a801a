<?php

namespace App\Exceptions;

use Illuminate\Foundation\Exceptions\Handler as ExceptionHandler;

/** The skeleton's handler: Laravel's own JSON rendering of 404, 422 and the rest. */
class Handler extends ExceptionHandler
{
}
