<?php

namespace App\QueryBuilder;

use Illuminate\Database\Eloquent\Builder;
use Illuminate\Http\Request;
use Illuminate\Support\Str;
use Symfony\Component\HttpKernel\Exception\HttpException;

/**
 * A small implementation of spatie/laravel-query-builder's documented conventions (its
 * "Filtering" and "Sorting" pages), written here because Packagist is out of reach: the real
 * package is not installed. What it follows:
 * - `filter[name]=value`; a value holding `,` is a list; `true`/`false` are booleans; a null
 *   value (an empty string after ConvertEmptyStringsToNull) applies no filter;
 * - partial filters: `LOWER(column) LIKE %value%`, a list ORs its items;
 * - exact filters: `=`, a list is `IN`;
 * - operator filters (`AllowedFilter::operator(..., FilterOperator::DYNAMIC)`): the value
 *   starts with `=`, `<`, `>`, `<=`, `>=` or `<>` (the longest match wins), a list ANDs them;
 * - a callback filter (here `search`: every term in the name or the category);
 * - `sort=-price,name`; an unknown filter or sort is a 400 with spatie's messages.
 * Values arrive already trimmed by TrimStrings, as in a real app.
 */
class QueryBuilder
{
    private const OPERATORS = ['=', '<', '>', '<=', '>=', '<>'];

    private function __construct(private Builder $query, private Request $request)
    {
    }

    public static function for(Builder $query, Request $request): self
    {
        return new self($query, $request);
    }

    /** @param array<string, 'exact'|'partial'|'operator'|'search'> $filters */
    public function allowedFilters(array $filters): self
    {
        $requested = $this->request->input('filter', []);
        if (!is_array($requested)) return $this;
        $unknown = array_diff(array_keys($requested), array_keys($filters));
        if ($unknown) {
            throw new HttpException(400, sprintf(
                'Requested filter(s) `%s` are not allowed. Allowed filter(s) are `%s`.',
                implode(', ', $unknown),
                implode(', ', array_keys($filters)),
            ));
        }
        foreach ($requested as $name => $raw) {
            $value = $this->value($raw);
            if ($value === null || $value === []) continue;
            $this->{$filters[$name]}($name, $value);
        }
        return $this;
    }

    /** @param string[] $sorts */
    public function allowedSorts(array $sorts): self
    {
        $sort = $this->request->input('sort');
        if ($sort === null || $sort === '') return $this;
        $fields = explode(',', (string) $sort);
        $unknown = array_diff(array_map(fn ($f) => ltrim($f, '-'), $fields), $sorts);
        if ($unknown) {
            throw new HttpException(400, sprintf(
                'Requested sort(s) `%s` is not allowed. Allowed sort(s) are `%s`.',
                implode(', ', $unknown),
                implode(', ', $sorts),
            ));
        }
        foreach ($fields as $field) {
            $this->query->orderBy(ltrim($field, '-'), Str::startsWith($field, '-') ? 'desc' : 'asc');
        }
        return $this;
    }

    /** Anything else (`paginate`, `get`) goes to the Eloquent query, as spatie's does. */
    public function __call(string $method, array $arguments)
    {
        return $this->query->{$method}(...$arguments);
    }

    private function value(mixed $raw): mixed
    {
        if (is_array($raw)) return array_map(fn ($v) => $this->value($v), $raw);
        if ($raw === null) return null;
        if (str_contains($raw, ',')) return array_values(array_filter(explode(',', $raw), 'strlen'));
        return $raw === 'true' ? true : ($raw === 'false' ? false : $raw);
    }

    private function exact(string $column, mixed $value): void
    {
        is_array($value) ? $this->query->whereIn($column, $value) : $this->query->where($column, $value);
    }

    private function partial(string $column, mixed $value): void
    {
        $this->query->where(function (Builder $q) use ($column, $value) {
            foreach ((array) $value as $item) {
                $q->orWhereRaw("LOWER(\"$column\") LIKE ?", ['%' . mb_strtolower((string) $item, 'UTF-8') . '%']);
            }
        });
    }

    private function operator(string $column, mixed $value): void
    {
        foreach ((array) $value as $item) {
            $item = (string) $item;
            $operator = '=';
            $matched = '';
            foreach (self::OPERATORS as $candidate) {
                if (str_starts_with($item, $candidate)) $matched = $operator = $candidate;
            }
            $this->query->where($column, $operator, substr($item, strlen($matched)));
        }
    }

    private function search(string $_name, mixed $value): void
    {
        foreach ((array) $value as $term) {
            $this->query->where(function (Builder $q) use ($term) {
                $like = '%' . mb_strtolower((string) $term, 'UTF-8') . '%';
                $q->whereRaw('LOWER("name") LIKE ?', [$like])->orWhereRaw('LOWER("category") LIKE ?', [$like]);
            });
        }
    }
}
