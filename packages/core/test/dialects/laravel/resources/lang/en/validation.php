<?php

// The lines of the Laravel 8 skeleton's resources/lang/en/validation.php that the rules of
// ProductController use, word for word.
return [
    'boolean' => 'The :attribute field must be true or false.',
    'integer' => 'The :attribute must be an integer.',
    'max' => [
        'numeric' => 'The :attribute must not be greater than :max.',
        'string' => 'The :attribute must not be greater than :max characters.',
    ],
    'min' => [
        'numeric' => 'The :attribute must be at least :min.',
        'string' => 'The :attribute must be at least :min characters.',
    ],
    'numeric' => 'The :attribute must be a number.',
    'required' => 'The :attribute field is required.',
    'string' => 'The :attribute must be a string.',
    'custom' => [],
    'attributes' => [],
];
