import type { Command } from 'commander';
import { CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES, type CustomerType } from '../../../shared/compliance/index.js';
import {
  CUSTOMER_ID_LABELS,
  CUSTOMER_ID_TYPES,
  CUSTOMER_PAGE_MAX,
  type Customer,
  type CustomerIdType,
} from '../../../shared/contracts/customers.js';
import { invalidInput } from '../../../shared/errors.js';
import { COMMAND_LINE, Customers } from '../../server/customers/customers.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { wholeNumber } from '../arguments.js';
import { action, table, type CliContext } from '../cli-context.js';

const FIELDS = {
  firstName: '--first-name',
  middleName: '--middle-name',
  lastName: '--last-name',
  dateOfBirth: '--born',
  idType: '--id-type',
  idNumber: '--id-number',
  idJurisdiction: '--id-issuer',
  idExpiry: '--id-expiry',
  customerType: '--type',
  medical: '--recommendation',
  'medical.number': '--recommendation',
  'medical.expires': '--recommendation-expires',
  phone: '--phone',
  email: '--email',
  notes: '--notes',
  q: 'the search',
  limit: '--limit',
};
const STORE = ['--dispensary <short>', 'the store (its short name)'] as const;

const ADD_HELP = `
Examples:
  $ servicepay customers add --dispensary demo --first-name Maria --last-name Garcia --born 1990-01-15 \\
      --id-number D1234567 --id-issuer CA --id-expiry 2030-01-15 --phone "(916) 555-0134"
  $ servicepay customers add --dispensary demo --first-name Ana --last-name Silva --born 1970-03-02 \\
      --id-type passport --id-number 562340987 --id-issuer USA --id-expiry 2031-05-01 \\
      --type medical --recommendation CA-MMIC-001 --recommendation-expires 2027-03-01`;

/** The store and the customers' service, as the operator (who holds every store). */
async function storeOf(cli: CliContext, shortName: string) {
  return {
    store: await cli.setup.access.store(OPERATOR, shortName),
    customers: new Customers({ db: cli.db, now: () => new Date(), profiles: cli.profiles }),
  };
}

const fullName = (c: Customer) => [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' ');
const idOf = (c: Customer) => `${CUSTOMER_ID_LABELS[c.idType]} ${c.idJurisdiction} ${c.idNumber}`;

/** A customer in a few lines, for people. */
function describe(c: Customer): string {
  const medical = c.medical ? `, recommendation ${c.medical.number} valid through ${c.medical.expires}` : '';
  const contact = [c.phone, c.email].filter(Boolean).join(', ');
  return [
    `${fullName(c)} (customer ${c.id})`,
    `Born ${c.dateOfBirth}; ${CUSTOMER_TYPE_LABELS[c.customerType]}${medical}${c.veteran ? '; a veteran' : ''}`,
    `${idOf(c)}, valid through ${c.idExpiry}`,
    ...(contact ? [`Contact: ${contact}`] : []),
    ...(c.notes ? [`Notes: ${c.notes}`] : []),
  ].join('\n');
}

type AddOptions = Record<string, string | undefined> & { dispensary: string; veteran?: boolean };

/** `servicepay customers add|find|show`: a store's customers, as the register keeps them. */
export function registerCustomerCommands(program: Command): void {
  const customers = program.command('customers').description("A store's customers: their ID, adult-use or medical");
  customers
    .command('add')
    .description(
      `Add a customer as their ID says. ID types: ${CUSTOMER_ID_TYPES.join(', ')}; customer types: ` +
        `${CUSTOMER_TYPES.join(', ')} (medical needs the recommendation's number and expiry). Dates are YYYY-MM-DD.`,
    )
    .requiredOption(...STORE)
    .requiredOption('--first-name <name>', 'as on the ID')
    .option('--middle-name <name>', 'as on the ID')
    .requiredOption('--last-name <name>', 'as on the ID')
    .requiredOption('--born <date>', 'date of birth')
    .option('--id-type <type>', 'the kind of ID', 'drivers_licence')
    .requiredOption('--id-number <number>', 'as printed on the ID')
    .requiredOption('--id-issuer <code>', 'the issuing state ("CA"), or the country of a passport ("USA")')
    .requiredOption('--id-expiry <date>', 'the last day the ID is valid')
    .option('--type <type>', 'adult_use or medical', 'adult_use')
    .option('--recommendation <number>', 'the medical recommendation or state card number')
    .option('--recommendation-expires <date>', 'its last valid day')
    .option('--phone <phone>', 'a phone number')
    .option('--email <email>', 'an email address')
    .option('--notes <text>', "the staff's notes")
    .option('--veteran', 'the store counts them a veteran (deals for veterans)')
    .addHelpText('after', ADD_HELP)
    .action(
      action(async (cli, o: AddOptions) => {
        const { store, customers } = await storeOf(cli, o.dispensary);
        const medical =
          o.recommendation === undefined && o.recommendationExpires === undefined
            ? null
            : { number: o.recommendation ?? '', expires: o.recommendationExpires ?? '' };
        const customer = await customers.create(
          store,
          {
            firstName: o.firstName!,
            middleName: o.middleName ?? null,
            lastName: o.lastName!,
            dateOfBirth: o.born!,
            idType: o.idType as CustomerIdType,
            idNumber: o.idNumber!,
            idJurisdiction: o.idIssuer!,
            idExpiry: o.idExpiry!,
            customerType: o.type as CustomerType,
            medical,
            phone: o.phone ?? null,
            email: o.email ?? null,
            notes: o.notes ?? null,
            veteran: o.veteran === true,
          },
          COMMAND_LINE,
        );
        cli.print(customer, `Added customer ${fullName(customer)} (id ${customer.id}) to ${store.name}.`);
      }, FIELDS),
    );
  customers
    .command('find [search]')
    .description(
      'Find customers, newest first: by name ("gar", "garcia, maria"), phone digits or ID number; ' +
        'without a search, the newest',
    )
    .requiredOption(...STORE)
    .option('--limit <n>', `how many (1 to ${CUSTOMER_PAGE_MAX}, default 20)`, wholeNumber)
    .action(
      action(async (cli, search: string | undefined, o: { dispensary: string; limit?: number }) => {
        const { store, customers } = await storeOf(cli, o.dispensary);
        if (o.limit !== undefined && (o.limit < 1 || o.limit > CUSTOMER_PAGE_MAX)) {
          throw invalidInput('limit', `must be from 1 to ${CUSTOMER_PAGE_MAX}, not ${o.limit}`);
        }
        const found = await customers.search(store, { q: search, limit: o.limit });
        const rows = found.customers.map((c) => ({
          id: c.id,
          name: fullName(c),
          born: c.dateOfBirth,
          type: CUSTOMER_TYPE_LABELS[c.customerType],
          ID: idOf(c),
          phone: c.phone ?? '',
        }));
        cli.print({ customers: found.customers }, () => table(rows, ['id', 'name', 'born', 'type', 'ID', 'phone']));
      }, FIELDS),
    );
  customers
    .command('show <id>')
    .description("One customer, and their ID check for a sale today (the store's day, its state's rules)")
    .requiredOption(...STORE)
    .action(
      action(async (cli, id: string, o: { dispensary: string }) => {
        const { store, customers } = await storeOf(cli, o.dispensary);
        const customer = await customers.get(store, id);
        const check = await customers.verification(store, id);
        const { verification } = check;
        const outcome = verification.verified
          ? `verified, ${verification.age} years old`
          : `refused: ${verification.reason}`;
        cli.print(
          { customer, ...check },
          `${describe(customer)}\nID check on ${check.today} (${check.profile.stateName}): ${outcome}`,
        );
      }),
    );
}
