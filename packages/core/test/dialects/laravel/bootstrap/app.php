<?php
/*
 * Boots the fixture app with Debian's php-laravel-framework (no Composer, no network): Debian's
 * autoloader for the framework and its dependencies, a small PSR-4 loader for App\.
 * The database and every file Laravel writes (caches, logs) live in LARAVEL_STORAGE, a temp
 * directory the test creates per server start.
 */
require_once '/usr/share/php/Illuminate/autoload.php';

spl_autoload_register(function (string $class): void {
    if (strncmp($class, 'App\\', 4) !== 0) return;
    $file = __DIR__ . '/../app/' . str_replace('\\', '/', substr($class, 4)) . '.php';
    if (is_file($file)) require $file;
});

$storage = getenv('LARAVEL_STORAGE');
if (!$storage || !is_dir($storage)) {
    fwrite(STDERR, "LARAVEL_STORAGE must name an existing directory\n");
    exit(2);
}
// Laravel writes its manifests under bootstrap/cache unless told otherwise: keep the repo clean.
foreach (['SERVICES' => 'services', 'PACKAGES' => 'packages', 'CONFIG' => 'config', 'ROUTES' => 'routes', 'EVENTS' => 'events'] as $key => $name) {
    $_ENV["APP_{$key}_CACHE"] = $_SERVER["APP_{$key}_CACHE"] = "$storage/$name.php";
}

$app = new Illuminate\Foundation\Application(dirname(__DIR__));
$app->useStoragePath($storage);

$app->singleton(Illuminate\Contracts\Http\Kernel::class, App\Http\Kernel::class);
$app->singleton(Illuminate\Contracts\Console\Kernel::class, Illuminate\Foundation\Console\Kernel::class);
$app->singleton(Illuminate\Contracts\Debug\ExceptionHandler::class, App\Exceptions\Handler::class);

return $app;
