/**
 * A state tag as tags are compared: trimmed, in any case (the state's are upper case). The database
 * keeps the same key of every package's tag (`packages.label_key`, migration 55), so lookups read it
 * by index: spaces, tabs and line breaks at either end dropped, ASCII letters upper-cased (as SQL's
 * `upper` does on both engines), every other character kept.
 */
export const tagKey = (label: string): string =>
  label.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '').replace(/[a-z]+/g, (letters) => letters.toUpperCase());
