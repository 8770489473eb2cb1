/** /NotFound: sends the visitor to the brand's external 404 page (control-panel spec §2). */
import { useEffect } from 'react';
import { brand } from '@kit/brand.ts';

export function NotFound() {
  useEffect(() => {
    window.location.replace(brand.notFoundUrl);
  }, []);
  return (
    <main id="main" className="container shell-loading">
      <h1>Page not found</h1>
      <p>
        Taking you to <a href={brand.notFoundUrl}>our help pages</a>…
      </p>
    </main>
  );
}
