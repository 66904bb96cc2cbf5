/**
 * A real IMAP server for tests: Dovecot (`dovecot-imapd`), started by the test on a free loopback
 * port with a throwaway config and maildir in a temp folder, one passwd-file user, no TLS.
 * Messages go in with IMAP APPEND (imapflow), as a mail server would deliver them.
 *
 *   const imap = new TestImap(); await imap.start(); await imap.append(raw); ... await imap.stop();
 *
 * As root (CI containers) Dovecot's login and mail processes run as its own `dovenull`/`dovecot`
 * users; otherwise everything runs as the current user.
 */
import { spawn } from "node:child_process";
import { chmod, chown, mkdir, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { ImapFlow } from "imapflow";
import { ChildServer, waitUntilServing } from "./child-server";

/** Where Debian installs Dovecot. */
export const DOVECOT = "/usr/sbin/dovecot";

function idOf(name: string, flag: "-u" | "-g"): number {
  return Number(execFileSync("id", [flag, name]).toString().trim());
}

export class TestImap extends ChildServer {
  readonly user = "enquiries@meridian.example";
  readonly password = "imap-test-password";

  /** Writes the config, starts Dovecot and waits until it answers on its port. */
  async start(): Promise<void> {
    await this.prepare("test-imap-");
    const root = process.getuid?.() === 0;
    const me = userInfo().username;
    const mailUser = root ? "dovecot" : me;
    const run = path.join(this.dir, "run");
    const mail = path.join(this.dir, "mail");
    await mkdir(path.join(run, "state"), { recursive: true });
    await mkdir(mail, { recursive: true });
    // The login processes (another user when root) must reach base_dir.
    await chmod(this.dir, 0o755);
    await chmod(run, 0o755);
    if (root) await chown(mail, idOf(mailUser, "-u"), idOf(mailUser, "-g"));
    await writeFile(path.join(this.dir, "passwd"), `${this.user}:{PLAIN}${this.password}\n`);
    const conf = `
base_dir = ${run}
state_dir = ${run}/state
instance_name = test-imap-${this.port}
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = ${this.dir}/dovecot.log
default_login_user = ${root ? "dovenull" : me}
default_internal_user = ${root ? "dovecot" : me}
default_internal_group = ${root ? "dovecot" : userInfo().gid}
mail_location = maildir:${mail}/%u
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${this.dir}/passwd
}
userdb {
  driver = static
  args = uid=${root ? idOf(mailUser, "-u") : userInfo().uid} gid=${root ? idOf(mailUser, "-g") : userInfo().gid} home=${mail}/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
`;
    await writeFile(path.join(this.dir, "dovecot.conf"), conf);
    this.child = spawn(DOVECOT, ["-F", "-c", path.join(this.dir, "dovecot.conf")], { stdio: "ignore" });
    await waitUntilServing({
      name: "dovecot",
      child: this.child,
      probe: () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(this.port, "127.0.0.1");
          socket.once("data", () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
      timeoutMs: 10_000,
    });
  }

  /**
   * Changes the user's password, as a mail provider revoking an app password would: Dovecot
   * re-reads its passwd file when it changes.
   */
  async setPassword(password: string): Promise<void> {
    await writeFile(path.join(this.dir, "passwd"), `${this.user}:{PLAIN}${password}\n`);
    // Dovecot notices the change within about a second: wait until the new password signs in.
    for (let tries = 0; ; tries++) {
      const client = new ImapFlow({ host: "127.0.0.1", port: this.port, secure: false, auth: { user: this.user, pass: password }, logger: false });
      try {
        await client.connect();
        await client.logout();
        return;
      } catch (error) {
        if (tries >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** A connected client of the test mailbox (log out when done). */
  async client(): Promise<ImapFlow> {
    const client = new ImapFlow({ host: "127.0.0.1", port: this.port, secure: false, auth: { user: this.user, pass: this.password }, logger: false });
    await client.connect();
    return client;
  }

  /** Puts a raw RFC 822 message in `folder` (default INBOX) with IMAP APPEND. */
  async append(raw: string | Buffer, folder = "INBOX"): Promise<void> {
    const client = await this.client();
    try {
      await client.append(folder, typeof raw === "string" ? Buffer.from(raw.replace(/\r?\n/g, "\r\n")) : raw);
    } finally {
      await client.logout();
    }
  }
}
