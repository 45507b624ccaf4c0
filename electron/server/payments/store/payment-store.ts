import { DispensaryRepository } from '../../dispensaries/dispensary-repository.js';
import { OrganizationRepository } from '../../dispensaries/organization-repository.js';
import type { DataLayer } from '../../db/data-layer.js';
import { OrdersRepository } from '../../tickets/orders-repository.js';
import { OrderLoans } from '../../tickets/order-loans.js';
import { CounterSales } from '../../tickets/counter-sales.js';
import type { ChangeEvents } from './payment-changes.js';
import { DevicesRepository } from './devices-repository.js';
import { LocationsRepository } from './locations-repository.js';
import { MethodsRepository } from './methods-repository.js';
import { PayIdempotencyRepository } from './pay-idempotency-repository.js';
import { PaylinksRepository } from './paylinks-repository.js';
import { PaymentsRepository } from './payments-repository.js';
import { ProcessorsRepository } from './processors-repository.js';
import { RefundsRepository } from './refunds-repository.js';
import { ShiftsRepository } from '../../cash/shifts-repository.js';
import { PaidWithoutPayment } from '../../cash/paid-without-payment.js';
import { SessionsRepository } from './sessions-repository.js';

/** Every repository the payment service reads or writes, built once per service instance. */
export class PaymentStore {
  readonly sessions: SessionsRepository;
  readonly payments: PaymentsRepository;
  readonly paylinks: PaylinksRepository;
  readonly keys: PayIdempotencyRepository;
  readonly refunds: RefundsRepository;
  readonly processors: ProcessorsRepository;
  readonly methods: MethodsRepository;
  readonly devices: DevicesRepository;
  readonly locations: LocationsRepository;
  /** Orders are the tickets feature's aggregate: payments read them and move their status. */
  readonly orders: OrdersRepository;
  readonly dispensaries: DispensaryRepository;
  readonly organizations: OrganizationRepository;
  /** Drawer shifts: payments and refunds at a register belong to its open shift. */
  readonly shifts: ShiftsRepository;
  /** The shift a sale paid without a payment (its total $0.00) closed in, at a register. */
  readonly paidWithoutPayment: PaidWithoutPayment;
  /** Online orders lent to a register for their hand-over: paid there, never here meanwhile. */
  readonly loans: OrderLoans;
  /** Sales rung up at a register: handed over as they are paid, reopened by a void. */
  readonly counter: CounterSales;

  /**
   * @param events where order and payment changes are announced (webhooks, state reporting)
   * @param instanceId the service instance whose pending payments this store's writes drive
   */
  constructor(db: DataLayer, events: ChangeEvents, instanceId: string | null = null) {
    this.sessions = new SessionsRepository(db);
    this.payments = new PaymentsRepository(db, events.payments, instanceId);
    this.paylinks = new PaylinksRepository(db);
    this.keys = new PayIdempotencyRepository(db);
    this.refunds = new RefundsRepository(db);
    this.processors = new ProcessorsRepository(db);
    this.methods = new MethodsRepository(db);
    this.devices = new DevicesRepository(db);
    this.locations = new LocationsRepository(db);
    this.orders = new OrdersRepository(db, events.orders);
    this.dispensaries = new DispensaryRepository(db);
    this.organizations = new OrganizationRepository(db);
    this.shifts = new ShiftsRepository(db);
    this.paidWithoutPayment = new PaidWithoutPayment(db);
    this.loans = new OrderLoans(db);
    this.counter = new CounterSales(db, this.orders);
  }
}
