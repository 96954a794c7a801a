<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

class Product extends Model
{
    protected $fillable = ['name', 'category', 'price', 'stock', 'active'];

    // The column's default, so a created model answers it (Eloquent does not re-read the row).
    protected $attributes = ['active' => true];

    protected $casts = [
        'price' => 'float',
        'stock' => 'integer',
        'active' => 'boolean',
    ];
}
