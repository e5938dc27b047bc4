/**
 * The shop's screens in one chunk (the quote, cart and order move from one to the next; one loader keeps the
 * app's first chunk small). src/ui/app/screen-registry.ts picks each by name.
 */
export { default as ServicesScreen } from './ServicesScreen';
export { default as ServiceScreen } from './ServiceScreen';
export { default as CartScreen } from './CartScreen';
export { default as OrderScreen } from './OrderScreen';
export { default as OrderSuccessScreen } from './OrderSuccessScreen';
