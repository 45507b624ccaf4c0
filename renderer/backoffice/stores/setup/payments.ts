import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PaymentMethod } from '../../../../shared/contracts/payment';
import type {
  MethodSwitch,
  NewPinPadInput,
  NewProcessorInput,
  PinPadView,
  ProcessorView,
} from '../../../../shared/contracts/setup';
import { api, segment, SETUP } from './setup-api';

/**
 * How the store takes money: its organization's processors, the methods each location takes
 * through them, and its PIN pads. Actions throw the service's refusal.
 */
export const usePaymentSetupStore = defineStore('payment-setup', () => {
  const processors = ref<ProcessorView[]>([]);
  /** Whether this login may add processors (organization-wide managers). */
  const mayAddProcessors = ref(false);
  const methods = ref<MethodSwitch[]>([]);
  const pinPads = ref<PinPadView[]>([]);

  async function loadProcessors(): Promise<void> {
    const answer = await api().get<{ processors: ProcessorView[]; mayAdd: boolean }>(`${SETUP}/processors`);
    processors.value = answer.processors;
    mayAddProcessors.value = answer.mayAdd;
  }

  async function addProcessor(input: NewProcessorInput): Promise<ProcessorView> {
    const { processor } = await api().post<{ processor: ProcessorView }>(`${SETUP}/processors`, input);
    await loadProcessors();
    return processor;
  }

  async function makeDefault(name: string): Promise<void> {
    await api().post(`${SETUP}/processors/${segment(name)}/default`);
    await loadProcessors();
  }

  async function loadMethods(): Promise<void> {
    methods.value = (await api().get<{ methods: MethodSwitch[] }>(`${SETUP}/payment-methods`)).methods;
  }

  /** Whether a location takes a method through a processor. */
  const isOn = (locationId: string, processorName: string, method: PaymentMethod) =>
    methods.value.some(
      (entry) =>
        entry.locationId === locationId &&
        entry.processorName === processorName &&
        entry.method === method &&
        entry.enabled,
    );

  async function setMethod(change: MethodSwitch): Promise<void> {
    methods.value = (await api().put<{ methods: MethodSwitch[] }>(`${SETUP}/payment-methods`, change)).methods;
  }

  async function loadPinPads(): Promise<void> {
    pinPads.value = (await api().get<{ pinPads: PinPadView[] }>(`${SETUP}/pin-pads`)).pinPads;
  }

  async function addPinPad(input: NewPinPadInput): Promise<PinPadView> {
    const { pinPad } = await api().post<{ pinPad: PinPadView }>(`${SETUP}/pin-pads`, input);
    await loadPinPads();
    return pinPad;
  }

  async function disablePinPad(id: string): Promise<void> {
    await api().post(`${SETUP}/pin-pads/${id}/disable`);
    await loadPinPads();
  }

  function reset(): void {
    processors.value = [];
    methods.value = [];
    pinPads.value = [];
    mayAddProcessors.value = false;
  }

  return {
    processors,
    mayAddProcessors,
    methods,
    pinPads,
    loadProcessors,
    addProcessor,
    makeDefault,
    loadMethods,
    isOn,
    setMethod,
    loadPinPads,
    addPinPad,
    disablePinPad,
    reset,
  };
});
