import { describe, expect, it } from 'vitest';
import { allowScripts, inlineScriptSources } from './inline-scripts.js';

describe('inline scripts of the page', () => {
  it("names each inline script by the SHA-256 of its text, and not the page's module scripts", () => {
    const html = '<head><script></script><script type="module" src="/assets/web-1.js"></script></head><body><script>\nx()\n</script></body>';
    // The empty string's SHA-256, a published test vector; and the second script's text as written, with its newlines.
    expect(inlineScriptSources(html)).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", "'sha256-F4wm3/HuV6MrPWziU0ZEzTNInvfl5dk7Nc+6nvtdZFo='"]);
    expect(inlineScriptSources('<head><title>Kuku</title></head>')).toEqual([]);
  });

  it('adds them to script-src only', () => {
    const policy = "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";
    expect(allowScripts(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
    );
    expect(allowScripts(policy, [])).toBe(policy);
  });
});
