<?php

namespace App\Http\Resources;

use Illuminate\Http\Resources\Json\JsonResource;

/** One product in `{ data: {...} }`; a paginated collection adds `links` and `meta`. */
class ProductResource extends JsonResource
{
    public function toArray($request)
    {
        return [
            'id' => $this->id,
            'name' => $this->name,
            'category' => $this->category,
            'price' => $this->price,
            'stock' => $this->stock,
            'active' => $this->active,
        ];
    }
}
