/**
 * A real CalDAV server for tests: Radicale (Debian package `radicale`), started by the test on a
 * free loopback port with a throwaway storage folder, htpasswd users (`sam`, and any others the
 * test names; one plain text password for all), owner-only rights. Calendars and events go in and
 * come out with plain HTTP (MKCALENDAR, PUT, GET, DELETE), as a calendar app would use them.
 * `halt()` stops the server keeping its port and storage, `resume()` starts it again (a calendar
 * server that is down for a while).
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

  /** `others`: more user names besides {@link user}, each with {@link password}. */
  constructor(private readonly others: string[] = []) {
    super();
  }

  /** The server's root address, e.g. `http://127.0.0.1:5232/`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** Writes the config, starts Radicale and waits until it answers. */
  async start(): Promise<void> {
    await this.prepare("test-radicale-");
    await writeFile(path.join(this.dir, "users"), [this.user, ...this.others].map((u) => `${u}:${this.password}\n`).join(""));
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
    await this.resume();
  }

  /** Starts the configured server (again, after {@link halt}) and waits until it answers; nothing when it runs. */
  async resume(): Promise<void> {
    if (this.child && this.child.exitCode === null) return;
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

  /** Stops the server and keeps its port, configuration and storage for {@link resume}. */
  async halt(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }

  private auth(user = this.user): Record<string, string> {
    return { authorization: `Basic ${Buffer.from(`${user}:${this.password}`).toString("base64")}` };
  }

  /** Creates the calendar `/<user>/<name>/` (events only). */
  async makeCalendar(name: string, user = this.user): Promise<void> {
    const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
    const response = await fetch(`${this.url}${user}/${name}/`, { method: "MKCALENDAR", headers: { ...this.auth(user), "content-type": "application/xml" }, body });
    if (response.status !== 201) throw new Error(`MKCALENDAR ${name}: ${response.status} ${await response.text()}`);
  }

  /** Deletes the calendar `/<user>/<name>/` and its events. */
  async deleteCalendar(name: string, user = this.user): Promise<void> {
    const response = await fetch(`${this.url}${user}/${name}/`, { method: "DELETE", headers: this.auth(user) });
    if (response.status !== 200 && response.status !== 204) throw new Error(`DELETE ${name}: ${response.status}`);
  }

  /** Puts an iCalendar object (`ics`, one VCALENDAR) in calendar `name` as `file`. */
  async putEvent(name: string, file: string, ics: string, user = this.user): Promise<void> {
    const response = await fetch(`${this.url}${user}/${name}/${file}`, {
      method: "PUT",
      headers: { ...this.auth(user), "content-type": "text/calendar; charset=utf-8" },
      body: ics.replace(/\r?\n/g, "\r\n"),
    });
    if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${file}: ${response.status} ${await response.text()}`);
  }

  /** Deletes `file` from calendar `name`. */
  async deleteEvent(name: string, file: string, user = this.user): Promise<void> {
    const response = await fetch(`${this.url}${user}/${name}/${file}`, { method: "DELETE", headers: this.auth(user) });
    if (response.status !== 200 && response.status !== 204) throw new Error(`DELETE ${file}: ${response.status}`);
  }

  /** The iCalendar text of `file` in calendar `name` of `user`, or null when there is none. */
  async getEvent(name: string, file: string, user = this.user): Promise<string | null> {
    const response = await fetch(`${this.url}${user}/${name}/${file}`, { headers: this.auth(user) });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET ${file}: ${response.status}`);
    return response.text();
  }
}
