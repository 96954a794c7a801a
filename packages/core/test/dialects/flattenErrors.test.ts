import { describe, expect, it } from 'vitest';
import { flattenErrors } from '../../src/dialects';

// The one field-error flattener of the built-ins (and of user-written dialects): what a form
// shows next to each field.
describe('flattenErrors', () => {
  it('nested objects and lists become dotted names; the first message per field', () => {
    expect(
      flattenErrors({
        name: ['Required.', 'Too short.'],
        address: { city: ['Required.'] },
        items: [{}, { qty: ['Must be positive.'] }],
      }),
    ).toEqual({
      name: 'Required.',
      'address.city': 'Required.',
      'items.1.qty': 'Must be positive.',
    });
  });

  it('join keeps every message of a field', () => {
    expect(flattenErrors({ price: ['Not a number.', 'Too big.'] }, ' ')).toEqual({
      price: 'Not a number. Too big.',
    });
  });

  it('a plain value is its text; null and undefined are no message', () => {
    expect(flattenErrors({ a: 'x', b: 3, c: null, d: undefined })).toEqual({ a: 'x', b: '3' });
  });

  it('no message at all is undefined, not an empty object', () => {
    expect(flattenErrors({})).toBeUndefined();
    expect(flattenErrors({ a: [] })).toBeUndefined();
    expect(flattenErrors('text')).toEqual({ '': 'text' });
  });

  it('a field named __proto__ never reaches the prototype', () => {
    const out = flattenErrors(JSON.parse('{"__proto__": ["x"], "name": ["y"]}'));
    expect(out).toEqual({ name: 'y' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
