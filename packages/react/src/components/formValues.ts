/**
 * One converted form value.
 *
 * @example
 * const price: FormValue = 12.5;
 */
export type FormValue = string | number | boolean | File | Array<string | number | File>;

/**
 * The values of a form, keyed by control name, in document order.
 *
 * @example
 * const values: FormValues = { name: 'Lamp', price: 12.5, active: true, tags: ['a', 'c'] };
 */
export type FormValues = Record<string, FormValue>;

type Kind = 'checkbox' | 'number' | 'multiple' | 'other';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLSelectElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLButtonElement;

const kindOf = (el: Control): Kind => {
  if (el instanceof HTMLInputElement) {
    if (el.type === 'checkbox') return 'checkbox';
    if (el.type === 'number' || el.type === 'range') return 'number';
  }
  if (el instanceof HTMLSelectElement && el.multiple) return 'multiple';
  return 'other';
};

/** Submit buttons are only part of the data when they are the submitter, as in a native post. */
const isSubmitButton = (el: Control): boolean =>
  (el instanceof HTMLButtonElement && el.type === 'submit') ||
  (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'image'));

/**
 * Reads a form the way the browser would submit it (`new FormData(form, submitter)`: named,
 * enabled controls only), then gives the values JSON types:
 *
 * - `type="number"` / `type="range"` → `number`; an empty one is **omitted**, so the server
 *   applies its default (on create) or keeps the current value (on update).
 * - a name held by **one** checkbox → `boolean` (`true` when checked, `false` when not, even
 *   though FormData leaves unchecked boxes out);
 *   a name held by **several** checkboxes → the array of the checked boxes' `value`s (`[]` when none).
 * - `<select multiple>` → an array of the selected values (`[]` when none).
 * - any other name that occurs several times → an array of strings; once → the string.
 * - an unchecked radio group is omitted, as in a native submission.
 *
 * @example
 * form.innerHTML = '<input name="name" value="Lamp"><input type="number" name="price" value="12.5"><input type="checkbox" name="active" checked>';
 * formValues(form); // { name: 'Lamp', price: 12.5, active: true }
 */
export function formValues(form: HTMLFormElement, submitter?: HTMLElement | null): FormValues {
  if (!(form instanceof HTMLFormElement)) {
    throw new TypeError('formValues: "form" must be an HTMLFormElement');
  }
  // FormData throws for a submitter that is not one of this form's submit buttons.
  const validSubmitter =
    submitter && isControl(submitter) && isSubmitButton(submitter) && submitter.form === form
      ? submitter
      : null;
  const data = new FormData(form, validSubmitter);

  // The kind of each name, from the controls that could contribute to it, in document order.
  const kinds = new Map<string, { kind: Kind | 'mixed'; count: number }>();
  for (const el of Array.from(form.elements)) {
    if (!isControl(el) || !el.name || el.matches(':disabled')) continue;
    if (isSubmitButton(el) && el !== validSubmitter) continue;
    const kind = kindOf(el);
    const seen = kinds.get(el.name);
    if (!seen) kinds.set(el.name, { kind, count: 1 });
    else kinds.set(el.name, { kind: seen.kind === kind ? kind : 'mixed', count: seen.count + 1 });
  }

  const values: FormValues = {};
  const convert = (name: string, kind: Kind | 'mixed' | undefined, count: number) => {
    const entries = data.getAll(name);
    switch (kind) {
      case 'checkbox':
        if (count === 1) values[name] = entries.length > 0;
        else values[name] = entries.map(String);
        return;
      case 'number': {
        const numbers = entries.filter((v) => v !== '').map(Number);
        if (numbers.length === 0) return;
        values[name] = count === 1 ? numbers[0]! : numbers;
        return;
      }
      case 'multiple':
        values[name] = entries;
        return;
      default:
        if (entries.length === 0) return;
        values[name] = entries.length === 1 ? entries[0]! : entries;
    }
  };

  for (const [name, { kind, count }] of kinds) convert(name, kind, count);
  // Entries without a control of their own (an image button's `name.x`, a `formdata` listener).
  for (const name of new Set(data.keys())) {
    if (!kinds.has(name)) convert(name, undefined, 1);
  }
  return values;
}

/**
 * Whether a form has a file chosen in one of its enabled, named file inputs. Such a form is
 * sent as `multipart/form-data` (the raw FormData) because JSON cannot carry files.
 *
 * @example
 * if (hasFiles(form)) await client.post('/uploads', new FormData(form));
 */
export function hasFiles(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(
    (el) =>
      el instanceof HTMLInputElement &&
      el.type === 'file' &&
      el.name !== '' &&
      !el.matches(':disabled') &&
      (el.files?.length ?? 0) > 0,
  );
}
