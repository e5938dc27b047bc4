/**
 * Visually hidden text: read by a screen reader, not shown. The rule is defined once, as global classes in the base
 * stylesheet (src/ui/app/base.css, "Visually hidden"); an element takes one of these names instead of a copy of the
 * rule in its module stylesheet.
 */

/** Always hidden: a field's "required", a hidden caption or label, "opens a window". */
export const VISUALLY_HIDDEN = 'visually-hidden';

/** Hidden on a phone only (≤ 640 px, the sm bucket; Header.module.css), shown on wider screens. */
export const VISUALLY_HIDDEN_ON_PHONE = 'visually-hidden-phone';

/** Hidden on the narrowest phones only (≤ 420 px; MenuSlot.module.css), shown on wider screens. */
export const VISUALLY_HIDDEN_ON_NARROW = 'visually-hidden-narrow';
