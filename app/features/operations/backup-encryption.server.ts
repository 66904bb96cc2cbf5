/**
 * Encrypted backups (optional): with `BACKUP_ENCRYPTION_KEY` set, every part of a backup (the
 * database and each upload) is encrypted with age (the `age-encryption` library, X25519) before
 * it leaves the process, and the manifest says `"encryption": "age"`. The manifest itself stays
 * readable (names, sizes and checksums of the encrypted parts), so a backup is verified before
 * any key is used.
 *
 * The key is an age identity `AGE-SECRET-KEY-1...`, which both encrypts and decrypts, or only its
 * recipient `age1...`, which encrypts: a server given the recipient writes backups it cannot read
 * itself, and the secret key is needed only to restore. `npm run backup -- --new-key` makes a pair.
 */
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { BACKUP_KEY_PATTERN } from "~/utils/env.server";
import { BackupError } from "./backup-manifest.server";

/** The manifest's `encryption` value of an encrypted backup. */
export const BACKUP_ENCRYPTION = "age";

/** A parsed `BACKUP_ENCRYPTION_KEY`: the recipient to encrypt to, and the identity when given. */
export type BackupKey = { recipient: string; identity: string | null };

/**
 * Reads a `BACKUP_ENCRYPTION_KEY` value: null when unset or empty. Throws `BackupError` for a
 * value that is not an age secret key or recipient.
 */
export async function parseBackupKey(value: string | undefined): Promise<BackupKey | null> {
  const key = value?.trim();
  if (!key) return null;
  if (!BACKUP_KEY_PATTERN.test(key)) {
    throw new BackupError("BACKUP_ENCRYPTION_KEY is not an age key: use a secret key (AGE-SECRET-KEY-1...) or its recipient (age1...); `npm run backup -- --new-key` makes one.");
  }
  if (key.startsWith("age1")) return { recipient: key, identity: null };
  try {
    return { recipient: await identityToRecipient(key), identity: key };
  } catch {
    throw new BackupError("BACKUP_ENCRYPTION_KEY is not a valid age secret key (a character is wrong or missing).");
  }
}

/** A new key pair for `BACKUP_ENCRYPTION_KEY`: the secret key and its recipient. */
export async function newBackupKey(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

/** `body` encrypted to `key`'s recipient (age format). */
export async function encryptPart(key: BackupKey, body: Buffer): Promise<Buffer> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(key.recipient);
  return Buffer.from(await encrypter.encrypt(new Uint8Array(body.buffer, body.byteOffset, body.length)));
}

/**
 * Decrypts one part of the backup at `location`. Throws `BackupError` with what to do when no key
 * is given, when the key is only a recipient, or when it is not the key the backup was made for.
 */
export async function decryptPart(key: BackupKey | null, body: Buffer, location: string): Promise<Buffer> {
  if (!key) {
    throw new BackupError(`The backup ${location} is encrypted: set BACKUP_ENCRYPTION_KEY to the secret key it was made with (AGE-SECRET-KEY-1...) and run the restore again. Nothing was restored.`);
  }
  if (!key.identity) {
    throw new BackupError(`The backup ${location} is encrypted, and BACKUP_ENCRYPTION_KEY holds only a recipient (age1...), which cannot decrypt: set it to the secret key (AGE-SECRET-KEY-1...). Nothing was restored.`);
  }
  const decrypter = new Decrypter();
  decrypter.addIdentity(key.identity);
  try {
    return Buffer.from(await decrypter.decrypt(new Uint8Array(body.buffer, body.byteOffset, body.length)));
  } catch {
    throw new BackupError(`BACKUP_ENCRYPTION_KEY does not open the backup ${location}: it was encrypted for another key. Nothing was restored.`);
  }
}
