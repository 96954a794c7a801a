import { describe, expect, it } from 'vitest';
import { formValues, hasFiles } from '../../src/components/formValues';

const makeForm = (html: string): HTMLFormElement => {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  return form;
};

describe('formValues', () => {
  it('keeps text fields as strings in document order', () => {
    const form = makeForm(
      '<input name="name" value="Lamp"><textarea name="notes">a\nb</textarea><select name="category"><option>x</option><option selected>y</option></select>',
    );
    const values = formValues(form);
    expect(values).toEqual({ name: 'Lamp', notes: 'a\nb', category: 'y' });
    expect(Object.keys(values)).toEqual(['name', 'notes', 'category']);
  });

  it('converts number and range inputs, omitting empty ones', () => {
    const form = makeForm(
      '<input type="number" name="price" value="12.5"><input type="range" name="level" min="0" max="10" value="3"><input type="number" name="stock" value="">',
    );
    expect(formValues(form)).toEqual({ price: 12.5, level: 3 });
  });

  it('turns a single checkbox into a boolean, checked or not', () => {
    const form = makeForm(
      '<input type="checkbox" name="active" checked><input type="checkbox" name="archived">',
    );
    expect(formValues(form)).toEqual({ active: true, archived: false });
  });

  it('turns several checkboxes with one name into the array of checked values', () => {
    const form = makeForm(
      '<input type="checkbox" name="tags" value="a" checked><input type="checkbox" name="tags" value="b"><input type="checkbox" name="tags" value="c" checked>' +
        '<input type="checkbox" name="none" value="x"><input type="checkbox" name="none" value="y">',
    );
    expect(formValues(form)).toEqual({ tags: ['a', 'c'], none: [] });
  });

  it('reads select multiple as an array and repeated names as arrays', () => {
    const form = makeForm(
      '<select name="colors" multiple><option selected>red</option><option>green</option><option selected>blue</option></select>' +
        '<select name="sizes" multiple><option>s</option></select>' +
        '<input name="alias" value="one"><input name="alias" value="two">',
    );
    expect(formValues(form)).toEqual({ colors: ['red', 'blue'], sizes: [], alias: ['one', 'two'] });
  });

  it('skips unnamed and disabled controls, unchecked radios and non-submitter buttons', () => {
    const form = makeForm(
      '<input value="anonymous"><input name="off" value="x" disabled>' +
        '<fieldset disabled><input type="checkbox" name="inner" checked></fieldset>' +
        '<input type="radio" name="size" value="s"><input type="radio" name="size" value="m">' +
        '<input type="radio" name="color" value="red" checked>' +
        '<button name="intent" value="save">Save</button><button name="intent2" value="draft">Draft</button>',
    );
    expect(formValues(form)).toEqual({ color: 'red' });
    const draft = form.querySelector<HTMLButtonElement>('button[name="intent2"]');
    expect(formValues(form, draft)).toEqual({ color: 'red', intent2: 'draft' });
  });

  it('ignores a submitter that belongs to another form', () => {
    const form = makeForm('<input name="a" value="1">');
    const other = makeForm('<button name="b" value="2">x</button>');
    expect(formValues(form, other.querySelector('button'))).toEqual({ a: '1' });
  });

  it('throws a TypeError naming the argument for a non-form', () => {
    expect(() => formValues(document.createElement('div') as unknown as HTMLFormElement)).toThrow(
      /"form"/,
    );
  });
});

describe('hasFiles', () => {
  it('is true only when a named, enabled file input has a file', () => {
    const form = makeForm(
      '<input type="file" name="doc"><input type="file" name="other" disabled>',
    );
    expect(hasFiles(form)).toBe(false);
    const input = form.querySelector<HTMLInputElement>('input[name="doc"]')!;
    const files = [new File(['x'], 'a.txt')];
    Object.defineProperty(input, 'files', {
      value: Object.assign(files, { item: () => files[0] }),
    });
    expect(hasFiles(form)).toBe(true);
  });
});
