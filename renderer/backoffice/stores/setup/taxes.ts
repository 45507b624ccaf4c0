import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { NewTaxClassInput, TaxClassView, TaxRateInput } from '../../../../shared/contracts/setup';
import { api, segment, SETUP } from './setup-api';

/** The store's tax classes and their layered rates. Actions throw the service's refusal. */
export const useTaxesStore = defineStore('taxes', () => {
  const classes = ref<TaxClassView[]>([]);
  const loaded = ref(false);

  async function load(): Promise<void> {
    classes.value = (await api().get<{ taxClasses: TaxClassView[] }>(`${SETUP}/tax-classes`)).taxClasses;
    loaded.value = true;
  }

  function replace(changed: TaxClassView): TaxClassView {
    const known = classes.value.some((taxClass) => taxClass.code === changed.code);
    classes.value = known
      ? classes.value.map((taxClass) => (taxClass.code === changed.code ? changed : taxClass))
      : [...classes.value, changed].sort((a, b) => a.code.localeCompare(b.code));
    return changed;
  }

  async function addClass(input: NewTaxClassInput): Promise<TaxClassView> {
    return replace((await api().post<{ taxClass: TaxClassView }>(`${SETUP}/tax-classes`, input)).taxClass);
  }

  async function setRate(code: string, rate: TaxRateInput): Promise<TaxClassView> {
    const path = `${SETUP}/tax-classes/${segment(code)}/rates`;
    return replace((await api().put<{ taxClass: TaxClassView }>(path, rate)).taxClass);
  }

  async function removeRate(code: string, name: string): Promise<TaxClassView> {
    const path = `${SETUP}/tax-classes/${segment(code)}/rates/${segment(name)}`;
    return replace((await api().delete<{ taxClass: TaxClassView }>(path)).taxClass);
  }

  async function removeClass(code: string): Promise<void> {
    await api().delete(`${SETUP}/tax-classes/${segment(code)}`);
    classes.value = classes.value.filter((taxClass) => taxClass.code !== code);
  }

  function reset(): void {
    classes.value = [];
    loaded.value = false;
  }

  return { classes, loaded, load, addClass, setRate, removeRate, removeClass, reset };
});
