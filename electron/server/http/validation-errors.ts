import { ServicePayError } from '../../../shared/errors.js';
import { ruleWords, type AjvError } from './rule-words.js';

export type { AjvError };

/** `/items/0/quantity` → `items[0].quantity` */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * The violation to tell: the first, except in a union (`anyOf`: a string, a number or null) whose
 * first choice is of another type than the value. There, the choice of the value's own type says
 * what is wrong ("must be at most 9,007,199,254,740,991"), not the first choice ("must be a string").
 */
function telling(errors: readonly AjvError[]): AjvError | undefined {
  const union = errors.find((error) => error.keyword === 'anyOf');
  const ofOtherType = (error: AjvError) => error.keyword === 'type' && error.instancePath === union?.instancePath;
  return (union && errors.find((error) => error !== union && !ofOtherType(error))) ?? errors[0];
}

/** Turns the telling schema violation into an INVALID_INPUT that names the field and the rule, in words. */
export function fromValidation(errors: readonly AjvError[], context: string): ServicePayError {
  const first = telling(errors);
  if (!first) return new ServicePayError('INVALID_INPUT', `the ${context} is invalid`);
  const base = fieldPath(first.instancePath);
  const join = (name: string) => (base ? `${base}.${name}` : name);
  const where = context === 'body' ? '' : ` (${context})`;
  switch (first.keyword) {
    case 'required': {
      const field = join(String(first.params.missingProperty));
      return new ServicePayError('INVALID_INPUT', `${field}${where} is required`, { field });
    }
    case 'additionalProperties': {
      const field = join(String(first.params.additionalProperty));
      return new ServicePayError('INVALID_INPUT', `${field}${where} is not an allowed field`, { field });
    }
    case 'const':
    case 'enum': {
      const allowed =
        first.keyword === 'const' ? [first.params.allowedValue] : (first.params.allowedValues as unknown[]);
      const field = base || context;
      const list = allowed.map((value) => JSON.stringify(value)).join(', ');
      const rule = allowed.length === 1 ? `must be ${list}` : `must be one of ${list}`;
      return new ServicePayError('INVALID_INPUT', `${field}${where} ${rule}`, { field });
    }
    default: {
      const field = base || context;
      const rule = ruleWords(first);
      return new ServicePayError('INVALID_INPUT', `${field}${where} ${rule}`, { field });
    }
  }
}
