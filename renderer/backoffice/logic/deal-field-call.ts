import type { ServiceCall } from '../../common/use-service-call';

/**
 * One field's refusal of the deal form in the shape the product form's fields read (MoneyField):
 * the deal form shows every problem at once, each beside its own field, where a ServiceCall holds one.
 */
export function fieldCall(problems: Readonly<Record<string, string>>, control: string): ServiceCall {
  const idle = async () => false;
  return {
    busy: false,
    error: problems[control] ?? '',
    field: problems[control] ? control : '',
    status: 0,
    done: '',
    run: idle,
    refuse: () => false,
    clear: () => undefined,
  };
}
