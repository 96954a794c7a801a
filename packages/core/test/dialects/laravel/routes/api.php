<?php

use App\Http\Controllers\AuthController;
use App\Http\Controllers\ProductController;
use Illuminate\Support\Facades\Route;

Route::apiResource('products', ProductController::class);
// The same list without an API resource: the paginator's own JSON, and simplePaginate's (no total).
Route::get('plain-products', [ProductController::class, 'plain']);
Route::get('simple-products', [ProductController::class, 'simple']);

Route::post('login', [AuthController::class, 'login']);
Route::middleware('auth:api')->group(function () {
    Route::get('user', [AuthController::class, 'user']);
    Route::post('logout', [AuthController::class, 'logout']);
});
