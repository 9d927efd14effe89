import { KeyObject, randomUUID, sign, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * A local App Store for the tests (`../shared/contracts/README.md`, "Mobile stores"): a root CA of its own, an
 * intermediate and a leaf certificate carrying Apple's marker extensions, and App Store Server Notifications V2
 * signed with the leaf (ES256, an `x5c` chain of 3), exactly as Apple's library expects them. The tests
 * configure its root in APPLE_ROOT_CERTS; a second FakeAppStore is a signer nobody trusts.
 */

// Node's WebCrypto is the standard one; the server's types do not include the DOM's name for it.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
/** Apple's marker extensions: the intermediate's (WWDR) and the leaf's (App Store receipt signing). */
const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';
const ASN1_NULL = new Uint8Array([0x05, 0x00]);
// Valid across any clock a test sets.
const NOT_BEFORE = new Date('2020-01-01T00:00:00Z');
const NOT_AFTER = new Date('2045-01-01T00:00:00Z');

const generateKeys = () =>
  webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;
const base64url = (value: string) => Buffer.from(value).toString('base64url');

export interface AppleNotificationFields {
  notificationType: string;
  subtype?: string;
  /** The subscription's status: 1 ACTIVE, 2 EXPIRED, 3 BILLING_RETRY, 4 GRACE_PERIOD, 5 REVOKED. */
  status?: number;
  originalTransactionId: string;
  productId: string;
  /** The member's billing id, as the app sets it on the purchase. */
  appAccountToken?: string;
  expiresDate: Date;
  signedDate: Date;
  /** 1 renews, 0 the member turned renewing off. */
  autoRenewStatus?: 0 | 1;
  notificationUUID?: string;
  environment?: string;
  bundleId?: string;
}

export class FakeAppStore {
  readonly bundleId = 'org.pass.app';
  readonly appAppleId = 1_234_567_890;

  private constructor(
    private readonly chain: string[],
    private readonly leafKey: KeyObject,
  ) {}

  /** A new root, intermediate and leaf. */
  static async create(name = 'PA$$ Test App Store'): Promise<FakeAppStore> {
    const [rootKeys, intermediateKeys, leafKeys] = await Promise.all([generateKeys(), generateKeys(), generateKeys()]);
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: `CN=${name} Root CA - G3, O=PA$$ tests`,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      keys: rootKeys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ],
    });
    const intermediate = await x509.X509CertificateGenerator.create({
      serialNumber: '02',
      subject: `CN=${name} Worldwide Developer Relations CA - G6, O=PA$$ tests`,
      issuer: root.subject,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      publicKey: intermediateKeys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        new x509.Extension(APPLE_INTERMEDIATE_OID, false, ASN1_NULL),
      ],
    });
    const leaf = await x509.X509CertificateGenerator.create({
      serialNumber: '03',
      subject: `CN=${name} Receipt Signing, O=PA$$ tests`,
      issuer: intermediate.subject,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      publicKey: leafKeys.publicKey,
      signingKey: intermediateKeys.privateKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.Extension(APPLE_LEAF_OID, false, ASN1_NULL),
      ],
    });
    const der = (certificate: x509.X509Certificate) => Buffer.from(certificate.rawData).toString('base64');
    return new FakeAppStore([der(leaf), der(intermediate), der(root)], KeyObject.from(leafKeys.privateKey));
  }

  /** The root certificate, base64 DER, as APPLE_ROOT_CERTS takes it. */
  get rootCertificate(): string {
    return this.chain[2]!;
  }

  /** The configuration that trusts this store, in the Sandbox environment. */
  env(environment = 'Sandbox'): Record<string, string> {
    return {
      APPLE_ROOT_CERTS: this.rootCertificate,
      APPLE_BUNDLE_ID: this.bundleId,
      APPLE_APP_APPLE_ID: String(this.appAppleId),
      APPLE_ENVIRONMENT: environment,
    };
  }

  /** A JWS as the App Store signs it: ES256 with the leaf's key, the chain in `x5c`. */
  sign(payload: object): string {
    const header = base64url(JSON.stringify({ alg: 'ES256', x5c: this.chain }));
    const body = base64url(JSON.stringify(payload));
    const signature = sign('sha256', Buffer.from(`${header}.${body}`), {
      key: this.leafKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${header}.${body}.${signature.toString('base64url')}`;
  }

  /** A notification about a subscription, with its signed transaction and renewal info. */
  notification(fields: AppleNotificationFields): { signedPayload: string; notificationUUID: string } {
    const environment = fields.environment ?? 'Sandbox';
    const bundleId = fields.bundleId ?? this.bundleId;
    const signedDate = fields.signedDate.getTime();
    const transaction = {
      transactionId: String(Math.floor(Math.random() * 1e15)),
      originalTransactionId: fields.originalTransactionId,
      webOrderLineItemId: String(Math.floor(Math.random() * 1e15)),
      bundleId,
      productId: fields.productId,
      subscriptionGroupIdentifier: '21000000',
      purchaseDate: signedDate,
      originalPurchaseDate: signedDate,
      expiresDate: fields.expiresDate.getTime(),
      quantity: 1,
      type: 'Auto-Renewable Subscription',
      ...(fields.appAccountToken ? { appAccountToken: fields.appAccountToken } : {}),
      inAppOwnershipType: 'PURCHASED',
      signedDate,
      environment,
      transactionReason: 'PURCHASE',
      storefront: 'USA',
      storefrontId: '143441',
      price: 20000,
      currency: 'USD',
    };
    const renewal = {
      originalTransactionId: fields.originalTransactionId,
      autoRenewProductId: fields.productId,
      productId: fields.productId,
      autoRenewStatus: fields.autoRenewStatus ?? 1,
      signedDate,
      environment,
      recentSubscriptionStartDate: signedDate,
      renewalDate: fields.expiresDate.getTime(),
      ...(fields.appAccountToken ? { appAccountToken: fields.appAccountToken } : {}),
    };
    const notificationUUID = fields.notificationUUID ?? randomUUID();
    const signedPayload = this.sign({
      notificationType: fields.notificationType,
      ...(fields.subtype ? { subtype: fields.subtype } : {}),
      notificationUUID,
      data: {
        appAppleId: this.appAppleId,
        bundleId,
        bundleVersion: '1.0',
        environment,
        signedTransactionInfo: this.sign(transaction),
        signedRenewalInfo: this.sign(renewal),
        ...(fields.status === undefined ? {} : { status: fields.status }),
      },
      version: '2.0',
      signedDate,
    });
    return { signedPayload, notificationUUID };
  }
}
