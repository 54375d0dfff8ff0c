import { describe, expect, it } from 'vitest';
import { authenticationOf } from './authentication';

describe('authenticationOf', () => {
  it('reads SPF, DKIM and DMARC out of Authentication-Results, the first header winning', () => {
    expect(
      authenticationOf([
        'mx.acme.example; spf=fail smtp.mailfrom=contoso-hr.example; dkim=none; dmarc=fail header.from=acme.example',
        'relay.example; spf=pass; dkim=pass; dmarc=pass',
      ]),
    ).toEqual({ spf: 'fail', dkim: 'none', dmarc: 'fail' });
  });

  it('says what was not recorded, and reads odd values as unclear', () => {
    expect(authenticationOf([])).toEqual({ spf: 'missing', dkim: 'missing', dmarc: 'missing' });
    expect(authenticationOf(['mx.example; SPF=SoftFail; dkim=weird; spf=pass; dmarc=hardfail'])).toEqual({
      spf: 'softfail',
      dkim: 'unknown',
      dmarc: 'fail',
    });
  });

  it('does not take a method named inside another word', () => {
    expect(authenticationOf(['mx.example; x-spf=pass; notdkim=pass']).spf).toBe('missing');
  });
});
