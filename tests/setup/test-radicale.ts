/**
 * A real CalDAV server for tests: Radicale (Debian package `radicale`), started by the test on a
 * free loopback port with a throwaway storage folder, one htpasswd user (plain text password),
 * owner-only rights. Calendars and events go in with plain HTTP (MKCALENDAR, PUT), as a calendar
 * app would write them.
 *
 *   const dav = new TestRadicale(); await dav.start(); await dav.makeCalendar("work");
 *   await dav.putEvent("work", "a.ics", ics); ... await dav.stop();
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ChildServer, waitUntilServing } from "./child-server";

/** Where Debian installs Radicale. */
export const RADICALE = "/usr/bin/radicale";

export class TestRadicale extends ChildServer {
  readonly user = "sam";
  readonly password = "radicale-app-password";
  private log = "";

  /** The server's root address, e.g. `http://127.0.0.1:5232/`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** Writes the config, starts Radicale and waits until it answers. */
  async start(): Promise<void> {
    await this.prepare("test-radicale-");
    await writeFile(path.join(this.dir, "users"), `${this.user}:${this.password}\n`);
    const config = `
[server]
hosts = 127.0.0.1:${this.port}
[auth]
type = htpasswd
htpasswd_filename = ${this.dir}/users
htpasswd_encryption = plain
delay = 0
[rights]
type = owner_only
[storage]
filesystem_folder = ${this.dir}/collections
[logging]
level = warning
mask_passwords = True
`;
    await writeFile(path.join(this.dir, "config"), config);
    this.child = spawn(RADICALE, ["--config", path.join(this.dir, "config")], { stdio: ["ignore", "ignore", "pipe"] });
    this.child.stderr?.on("data", (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-4000)));
    await waitUntilServing({
      name: "radicale",
      child: this.child,
      probe: () => fetch(this.url, { method: "OPTIONS" }).then(() => true, () => false),
      timeoutMs: 15_000,
      log: () => this.log,
    });
  }

  private auth(): Record<string, string> {
    return { authorization: `Basic ${Buffer.from(`${this.user}:${this.password}`).toString("base64")}` };
  }

  /** Creates the calendar `/<user>/<name>/` (events only). */
  async makeCalendar(name: string): Promise<void> {
    const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
    const response = await fetch(`${this.url}${this.user}/${name}/`, { method: "MKCALENDAR", headers: { ...this.auth(), "content-type": "application/xml" }, body });
    if (response.status !== 201) throw new Error(`MKCALENDAR ${name}: ${response.status} ${await response.text()}`);
  }

  /** Puts an iCalendar object (`ics`, one VCALENDAR) in calendar `name` as `file`. */
  async putEvent(name: string, file: string, ics: string): Promise<void> {
    const response = await fetch(`${this.url}${this.user}/${name}/${file}`, {
      method: "PUT",
      headers: { ...this.auth(), "content-type": "text/calendar; charset=utf-8" },
      body: ics.replace(/\r?\n/g, "\r\n"),
    });
    if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${file}: ${response.status} ${await response.text()}`);
  }

  /** Deletes `file` from calendar `name`. */
  async deleteEvent(name: string, file: string): Promise<void> {
    const response = await fetch(`${this.url}${this.user}/${name}/${file}`, { method: "DELETE", headers: this.auth() });
    if (response.status !== 200 && response.status !== 204) throw new Error(`DELETE ${file}: ${response.status}`);
  }
}
