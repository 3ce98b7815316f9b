# One HTTP GET for cleanexit (toolchains/httpget.go), through the
# networking of the interpreter that runs it, as pip's requests go.
# stdin: the URL. argv: the timeout in seconds, then how many bytes of
# the body to write. stdout: the answer's status code on a line of its
# own, then the body. No answer: exit 2, the reason on stderr.
# Credentials in the URL (https://user:token@host/simple/, as pip takes
# them) go in an Authorization header, as pip sends them, and never into
# a message. Python 2.7 and 3.
import base64
import sys

try:
    from urllib.request import Request, urlopen
    from urllib.error import HTTPError
    from urllib.parse import unquote, urlsplit, urlunsplit
except ImportError:
    from urllib2 import Request, urlopen, HTTPError
    from urllib import unquote
    from urlparse import urlsplit, urlunsplit


def request(url):
    headers = {"Accept": "text/html"}
    parts = urlsplit(url)
    if parts.username is not None:
        host = parts.hostname or ""
        if ":" in host:
            host = "[%s]" % host
        if parts.port is not None:
            host += ":%d" % parts.port
        url = urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
        cred = "%s:%s" % (unquote(parts.username), unquote(parts.password or ""))
        headers["Authorization"] = "Basic " + base64.b64encode(cred.encode("utf-8")).decode("ascii")
    return Request(url, headers=headers)


def main():
    url = sys.stdin.readline().strip()
    timeout, limit = float(sys.argv[1]), int(sys.argv[2])
    try:
        answer = urlopen(request(url), timeout=timeout)
    except HTTPError as e:
        answer = e  # a 404 is an answer too
    except Exception as e:
        sys.stderr.write("%s\n" % (getattr(e, "reason", None) or e,))
        sys.exit(2)
    out = getattr(sys.stdout, "buffer", sys.stdout)
    out.write(("%d\n" % answer.getcode()).encode("ascii"))
    if limit > 0:
        out.write(answer.read(limit))
    out.flush()


main()
