import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
} from '@apple/app-store-server-library';
import type { AppleEnvironment } from '../../env.js';

/**
 * App Store Server Notifications V2 (`../shared/contracts/README.md`, "Mobile stores"; decision 047): the
 * `signedPayload` and the signed transaction and renewal info inside it are JWS whose `x5c` chain must lead to
 * one of the configured root certificates; Apple's own library checks the chain, the signature, the bundle id,
 * the app's Apple ID and the environment.
 */

export interface AppleVerifierOptions {
  rootCertificates: Buffer[];
  bundleId: string;
  appAppleId: number | undefined;
  environment: AppleEnvironment;
  /** Revocation (OCSP) checks and certificate dates against the real date; off, against the signed date. */
  onlineChecks: boolean;
}

/** A notification Apple signed, with the transaction and renewal info it carries (none for TEST). */
export interface AppleNotification {
  notification: ResponseBodyV2DecodedPayload;
  transaction: JWSTransactionDecodedPayload | null;
  renewal: JWSRenewalInfoDecodedPayload | null;
}

/** The notification is not Apple's (chain, signature, app or environment): its reason, for the audit. */
export class AppleVerificationError extends Error {
  constructor(readonly reason: string) {
    super(`The App Store notification could not be verified (${reason})`);
    this.name = 'AppleVerificationError';
  }
}

const ENVIRONMENTS: Record<AppleEnvironment, Environment> = {
  Production: Environment.PRODUCTION,
  Sandbox: Environment.SANDBOX,
  Xcode: Environment.XCODE,
  LocalTesting: Environment.LOCAL_TESTING,
};

export class AppStoreVerifier {
  private readonly verifier: SignedDataVerifier;

  constructor(options: AppleVerifierOptions) {
    this.verifier = new SignedDataVerifier(
      options.rootCertificates,
      options.onlineChecks,
      ENVIRONMENTS[options.environment],
      options.bundleId,
      options.appAppleId,
    );
  }

  async verifyNotification(signedPayload: string): Promise<AppleNotification> {
    try {
      const notification = await this.verifier.verifyAndDecodeNotification(signedPayload);
      const data = notification.data;
      const transaction = data?.signedTransactionInfo
        ? await this.verifier.verifyAndDecodeTransaction(data.signedTransactionInfo)
        : null;
      const renewal = data?.signedRenewalInfo
        ? await this.verifier.verifyAndDecodeRenewalInfo(data.signedRenewalInfo)
        : null;
      return { notification, transaction, renewal };
    } catch (error) {
      if (error instanceof VerificationException) throw new AppleVerificationError(`status ${error.status}`);
      throw new AppleVerificationError(error instanceof Error ? error.name : 'unreadable');
    }
  }
}
