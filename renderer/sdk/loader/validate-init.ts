import { THEME_COLORS, type ThemeColor, type WidgetOptions } from '../protocol';
import type { Channel, DisablePaymentMethod, InitFailure } from '../types/servicepay';
import {
  boolean,
  checkFields,
  Invalid,
  isElement,
  isFunction,
  isObject,
  KEBAB_10,
  matches,
  METHODS,
  nullOr,
  oneOf,
  shown,
  text,
  uuid,
  type Rule,
} from './checks';

/** Init options after validation, with their defaults. */
export interface InitConfig {
  element: HTMLElement;
  authTokenFactory: () => unknown;
  getEntityId: () => unknown;
  autoRender: boolean;
  onReady: (() => unknown) | undefined;
  onInitFailed: ((failure: InitFailure) => unknown) | undefined;
  widget: WidgetOptions;
}

/** The validation's answer: the config and warnings (unknown options), or the first broken rule. */
export type InitCheck = { config: InitConfig; warnings: string[] } | { error: string };

const HEX_COLOR = matches(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'a hex colour such as #1d4ed8');
const fn = (words: string): Rule => [isFunction, `a function returning a promise of ${words}`];

/** Spec 4.3, the init options (plus entityId and locationId of the spec's integration example, and onInitFailed). */
const RULES: Record<string, Rule> = {
  element: [isElement, 'an HTML element'],
  authTokenFactory: fn('the bearer token'),
  getEntityId: fn('the MSO entity id'),
  entityId: uuid,
  channel: oneOf(['ffd', 'ecommerce', 'virtual_terminal', 'pos']),
  debug: boolean,
  theme: [isObject, 'an object'],
  dispensaryShortName: KEBAB_10,
  entityName: text(100),
  locationId: nullOr(uuid),
  autoRenderPayments: boolean,
  disablePaymentMethods: [Array.isArray, 'an array'],
  paylinkDeliveryMethod: oneOf(['redirect', 'iframe']),
  onReady: [isFunction, 'a function'],
  onInitFailed: [isFunction, 'a function'],
};

/** Spec 2.7. */
const DISABLE_RULES: Record<string, Rule> = {
  paymentMethod: oneOf(METHODS),
  action: oneOf(['hidden', 'message']),
  message: nullOr(text(500)),
};

/** Runs each check, and throws every broken rule at once ("a; b"): the page fixes them all in one go. */
function allOf(checks: (() => void)[]): void {
  const broken: string[] = [];
  for (const run of checks)
    try {
      run();
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      broken.push(error.message);
    }
  if (broken.length) throw new Invalid(broken.join('; '));
}

function check(options: Record<string, unknown>): InitConfig {
  const required = ['element', 'authTokenFactory', ...(options.entityId ? [] : ['getEntityId'])];
  // Each option on its own, so that every broken one is named.
  const optionChecks = Object.keys(RULES).map(
    (name) => () =>
      checkFields({ [name]: options[name] }, { [name]: RULES[name]! }, required.includes(name) ? [name] : []),
  );
  const theme = (isObject(options.theme) ? options.theme : {}) as Record<string, unknown>;
  const colors = (isObject(theme.colors) ? theme.colors : {}) as Record<string, unknown>;
  const rules = (Array.isArray(options.disablePaymentMethods) ? options.disablePaymentMethods : []) as Record<
    string,
    unknown
  >[];
  allOf([
    ...optionChecks,
    () => checkFields(theme, { positionFixed: boolean, colors: [isObject, 'an object'] }, [], 'theme.'),
    () => checkFields(colors, Object.fromEntries(THEME_COLORS.map((name) => [name, HEX_COLOR])), [], 'theme.colors.'),
    ...rules.map((rule, index) => () => {
      const at = `disablePaymentMethods[${index}]`;
      if (!isObject(rule))
        throw new Invalid(
          `${at} must be an object: paymentMethod (${DISABLE_RULES.paymentMethod![1]}) and action (${DISABLE_RULES.action![1]}) (got ${shown(rule)})`,
        );
      checkFields(rule, DISABLE_RULES, ['paymentMethod', 'action'], `${at}.`);
    }),
  ]);
  const entityId = options.entityId;
  return {
    element: options.element as HTMLElement,
    authTokenFactory: options.authTokenFactory as () => unknown,
    getEntityId: (options.getEntityId ?? (() => entityId)) as () => unknown,
    autoRender: options.autoRenderPayments !== false,
    onReady: options.onReady as (() => unknown) | undefined,
    onInitFailed: options.onInitFailed as ((failure: InitFailure) => unknown) | undefined,
    widget: {
      channel: (options.channel ?? 'ffd') as Channel,
      debug: options.debug === true,
      dispensaryShortName: options.dispensaryShortName as string | undefined,
      entityName: options.entityName as string | undefined,
      locationId: options.locationId as string | null | undefined,
      // Copied: the page's objects may hold what postMessage cannot clone.
      disablePaymentMethods: rules.map(({ paymentMethod, action, message }) => ({
        paymentMethod,
        action,
        message,
      })) as DisablePaymentMethod[],
      paylinkDeliveryMethod: (options.paylinkDeliveryMethod ?? 'redirect') as 'redirect' | 'iframe',
      positionFixed: theme.positionFixed === true,
      colors: Object.fromEntries(
        THEME_COLORS.filter((name) => typeof colors[name] === 'string').map((name) => [name, colors[name] as string]),
      ) as Partial<Record<ThemeColor, string>>,
    },
  };
}

/**
 * Validates init's options (spec 4.3): the config with its defaults, or a message naming each option
 * that breaks its rule and what it allows ("channel must be one of …; dispensaryShortName must be …").
 */
export function validateInit(options: unknown): InitCheck {
  if (!isObject(options)) return { error: 'init needs an options object' };
  try {
    const warnings = Object.keys(options)
      .filter((name) => !(name in RULES))
      .map((name) => `unknown init option "${name}" ignored`);
    return { config: check(options), warnings };
  } catch (error) {
    if (error instanceof Invalid) return { error: error.message };
    throw error;
  }
}
