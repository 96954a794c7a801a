<?php

namespace App\Http\Controllers;

use App\Http\Resources\ProductResource;
use App\Models\Product;
use App\QueryBuilder\QueryBuilder;
use Illuminate\Http\Request;
use Illuminate\Routing\Controller;

/** An API resource controller (`Route::apiResource`), as `php artisan make:controller --api` writes it. */
class ProductController extends Controller
{
    private const RULES = [
        'name' => 'required|string|max:100',
        'category' => 'required|string|max:50',
        'price' => 'required|numeric|min:0',
        'stock' => 'nullable|integer|min:0',
        'active' => 'boolean',
    ];

    public function index(Request $request)
    {
        return ProductResource::collection($this->filtered($request)->paginate($this->perPage($request)));
    }

    /** `{ data, current_page, per_page, total, next_page_url, ... }`: a paginator returned as is. */
    public function plain(Request $request)
    {
        return $this->filtered($request)->paginate($this->perPage($request));
    }

    /** simplePaginate's JSON: no `total`, only whether a next page exists. */
    public function simple(Request $request)
    {
        return $this->filtered($request)->simplePaginate($this->perPage($request));
    }

    // Laravel reads `page` itself; the page size is the controller's to pass on.
    private function perPage(Request $request): int
    {
        return (int) $request->input('per_page', 15);
    }

    private function filtered(Request $request): QueryBuilder
    {
        return QueryBuilder::for(Product::query(), $request)
            ->allowedFilters([
                'id' => 'exact',
                'category' => 'exact',
                'active' => 'exact',
                'stock' => 'exact',
                'name' => 'partial',
                'price' => 'operator',
                'search' => 'search',
            ])
            ->allowedSorts(['id', 'name', 'category', 'price', 'stock']);
    }

    public function show(Product $product)
    {
        return new ProductResource($product);
    }

    public function store(Request $request)
    {
        $product = Product::create($request->validate(self::RULES));

        return (new ProductResource($product))->response()->setStatusCode(201);
    }

    public function update(Request $request, Product $product)
    {
        // PATCH validates only the fields it sends; the others keep their values.
        $rules = $request->isMethod('patch')
            ? array_map(fn ($rule) => "sometimes|$rule", self::RULES)
            : self::RULES;
        $product->update($request->validate($rules));

        return new ProductResource($product);
    }

    public function destroy(Product $product)
    {
        $product->delete();

        return response()->noContent();
    }
}
