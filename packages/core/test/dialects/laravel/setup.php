<?php
// Creates the users and products tables in LARAVEL_STORAGE/database.sqlite and loads
// seed.json: run once per server start, before `php -S`.
touch(getenv('LARAVEL_STORAGE') . '/database.sqlite');
$app = require __DIR__ . '/bootstrap/app.php';
$app->make(Illuminate\Contracts\Http\Kernel::class)->bootstrap();

use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Hash;
use Illuminate\Support\Facades\Schema;

Schema::create('products', function (Blueprint $table) {
    $table->id();
    $table->string('name', 100);
    $table->string('category', 50);
    $table->decimal('price', 10, 2);
    $table->integer('stock')->nullable();
    $table->boolean('active')->default(true);
    $table->timestamps();
});
// The token guard's column (`api_token`), as Laravel's "API Authentication" docs add it.
Schema::create('users', function (Blueprint $table) {
    $table->id();
    $table->string('name');
    $table->string('email')->unique();
    $table->string('password');
    $table->string('api_token', 80)->unique()->nullable();
    $table->timestamps();
});
$seed = json_decode(file_get_contents(__DIR__ . '/seed.json'), true, 512, JSON_THROW_ON_ERROR);
DB::table('products')->insert($seed['products']);
DB::table('users')->insert([...$seed['user'], 'password' => Hash::make($seed['user']['password'])]);
echo "READY\n";
