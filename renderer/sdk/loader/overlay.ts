/**
 * The `iframe` delivery of ACH paylinks: the provider checkout (a page of the service's origin) in an
 * overlay above the host page. The rest of the page is made inert and does not scroll, so the cart
 * cannot change while the customer authorizes; it is restored when the overlay closes.
 */

/** An open overlay. */
export interface PaylinkOverlay {
  close(): void;
}

export function openOverlay(instance: string, url: string): PaylinkOverlay {
  const doc = document;
  const previousFocus = doc.activeElement as HTMLElement | null;
  const previousOverflow = doc.documentElement.style.overflow;
  const overlay = doc.createElement('div');
  overlay.id = `paylink-${instance}`;
  overlay.className = 'servicepay-paylink';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', 'Bank payment');
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483001;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55)';
  const iframe = doc.createElement('iframe');
  iframe.src = url;
  iframe.title = 'Bank payment (ACH)';
  iframe.style.cssText = 'width:min(480px,100%);height:min(680px,100%);border:0;border-radius:12px;background:#fff';
  overlay.appendChild(iframe);

  // Lock the page: everything but the overlay becomes inert (no clicks, no focus, hidden from AT).
  const locked: Element[] = [];
  for (const child of Array.from(doc.body.children))
    if (!child.hasAttribute('inert')) {
      child.setAttribute('inert', '');
      locked.push(child);
    }
  doc.body.appendChild(overlay);
  doc.documentElement.style.overflow = 'hidden';
  iframe.focus();

  return {
    close: () => {
      overlay.remove();
      for (const child of locked) child.removeAttribute('inert');
      doc.documentElement.style.overflow = previousOverflow;
      if (previousFocus && previousFocus.isConnected) previousFocus.focus();
    },
  };
}
