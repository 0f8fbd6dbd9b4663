import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** docs/product.md §2: every navigation scrolls to the top. */
export function ScrollToTop() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}
