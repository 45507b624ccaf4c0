/**
 * A Storage of its own for each test of what a register keeps on its computer (localStorage): its
 * entries readable as `kept`.
 */
export function memoryStorage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    kept,
  };
}
