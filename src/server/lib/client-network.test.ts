import { describe, expect, it } from "vitest";
import { neighbourhoodOf, networkOf, normalizeIp } from "./client-network";

describe("normalizeIp", () => {
  it("keeps IPv4 and IPv6 addresses, each spelled one way", () => {
    expect(normalizeIp("203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8:0:0:0:0:0:1");
    expect(normalizeIp("2001:0db8:0:0::1")).toBe("2001:db8:0:0:0:0:0:1");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80:0:0:0:0:0:0:1");
  });

  it("reads an IPv4-mapped address as the IPv4 address, dotted or hexadecimal", () => {
    expect(normalizeIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeIp("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeIp("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("refuses anything that is not an address", () => {
    for (const bad of ["", "nonsense", "1.2.3.4:80", "1.2.3.256", "<script>", "1.2.3.4, 5.6.7.8", "::g"]) {
      expect(normalizeIp(bad)).toBeUndefined();
    }
    expect(normalizeIp(undefined)).toBeUndefined();
  });
});

describe("networkOf", () => {
  it("is the address for IPv4", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 for IPv6, one spelling for every address in it", () => {
    expect(networkOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("neighbourhoodOf", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["::ffff:cb00:7109", "203.0.113.0/24"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an ip", "invalid"],
    [undefined, "invalid"],
  ])("%s -> %s", (ip, network) => {
    expect(neighbourhoodOf(ip)).toBe(network);
  });
});
