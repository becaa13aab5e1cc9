"""A local HTTP server for data source tests: it serves the files a test puts in ``routes``
(path -> bytes, or a ``Reply``) on 127.0.0.1, from a thread."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    # Sent a byte at a time with this pause between them (a slow server).
    drip_seconds: float = 0.0


class SourceServer:
    def __init__(self) -> None:
        # A list is answered in turn, its last reply for good.
        self.routes: dict[str, bytes | Reply | list[Reply]] = {}
        self.requests: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                path = unquote(urlsplit(self.path).path)
                server.requests.append(path)
                route = server.routes.get(path, Reply(status=404))
                if isinstance(route, list):
                    route = route.pop(0) if len(route) > 1 else route[0]
                reply = route if isinstance(route, Reply) else Reply(body=route)
                self.send_response(reply.status)
                headers = {"Content-Length": str(len(reply.body)), **reply.headers}
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                if not reply.drip_seconds:
                    self.wfile.write(reply.body)
                    return
                try:
                    for byte in reply.body:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(reply.drip_seconds)
                except OSError:
                    pass  # the client gave up, as it should

            def log_message(self, *_args: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> SourceServer:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
