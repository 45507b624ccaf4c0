import type { ProductStock } from '../../../shared/contracts/live';
import type { CatalogProduct } from './catalog-product';

/** How a change to a held product is written so that whoever shows it sees it (the store: Vue's `reactive`). */
export type Edit = (product: CatalogProduct) => CatalogProduct;

/**
 * The store's products as the POS holds them: ONE object per product for as long as the window is
 * open, so whatever holds one — a tile, a cart line, the limit its quantity may reach — sees what the
 * catalog learns of it: its stock as the live channel tells it moved (`stock.changed`), or the whole
 * product read again. Changes are written through `edit`.
 */
export class ProductBook {
  private held = new Map<string, CatalogProduct>();

  constructor(private readonly edit: Edit = (product) => product) {}

  /**
   * The catalog read again: each product's fields written into the object held for it (a new
   * product is held from now on), in the read's order. A product the read no longer has is let go;
   * what still holds it keeps it as it was.
   */
  read(products: readonly CatalogProduct[]): CatalogProduct[] {
    const next = new Map<string, CatalogProduct>();
    const read = products.map((product) => {
      const held = this.held.get(product.productId);
      if (held) Object.assign(this.edit(held), product);
      const kept = held ?? product;
      next.set(product.productId, kept);
      return kept;
    });
    this.held = next;
    return read;
  }

  /** Puts the figures of products whose stock moved in place; answers how many of them it holds. */
  stock(figures: readonly ProductStock[]): number {
    let put = 0;
    for (const { productId, quantityOnHand, quantityAvailable, inStock } of figures) {
      const held = this.held.get(productId);
      if (!held) continue;
      Object.assign(this.edit(held), { quantityOnHand, quantityAvailable, inStock });
      put += 1;
    }
    return put;
  }
}
