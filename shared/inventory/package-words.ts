/**
 * A package named as people say it, wherever a screen, a refusal or the CLI names one by its state
 * tag: "package 1A4060300003D12000000001", or, for stock imported without a tag, "the untagged
 * package of Blue Dream 3.5g" (never "package None").
 */
export const packageNamed = (pkg: { label: string; productName: string }): string =>
  pkg.label === '' ? `the untagged package of ${pkg.productName}` : `package ${pkg.label}`;

/** A package's state tag as a cell under "State tag" shows it: the tag, or "Untagged". */
export const tagWords = (label: string): string => label || 'Untagged';
