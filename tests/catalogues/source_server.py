"""A local HTTP server for data source tests: it serves the files a test puts in ``routes``
(path -> bytes, or a ``Reply``) on 127.0.0.1, from a thread."""

from __future__ import annotations

import io
import re
import threading
import time
import zipfile
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

from armybuilder.engine.formats.data_index import document_entry
from armybuilder.engine.formats.errors import DEFAULT_LIMITS

# Files of BSData's The 9th Age repository (``../shared/bsdata/t9a-3rd``): the game system
# and two catalogues.
T9A_FILES = ("T9A-FB-3rd.gst", "dwarvenHolds.cat", "ogreKhans.cat")


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
            def do_GET(self) -> None:
                path = unquote(urlsplit(self.path).path)
                server.requests.append(path)
                route = server.routes.get(path, Reply(status=404))
                if isinstance(route, list):
                    route = route.pop(0) if len(route) > 1 else route[0]
                reply = route if isinstance(route, Reply) else Reply(body=route)
                self.send_response(reply.status)
                headers = {"Content-Length": str(len(reply.body)), **reply.headers}
                for name, value in headers.items():
                    if value:  # an empty value leaves the header out
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


def index_xml(files: dict[str, bytes]) -> bytes:
    """A data index listing ``files`` as BattleScribe writes one."""
    rows = []
    for name, content in files.items():
        entry = document_entry(name, content, limits=DEFAULT_LIMITS)
        data_type = "gamesystem" if entry.kind == "gameSystem" else "catalogue"
        rows.append(
            f'<dataIndexEntry filePath="{name}" dataType="{data_type}" dataId="{entry.data_id}" '
            f'dataName="{entry.name}" dataBattleScribeVersion="2.03" '
            f'dataRevision="{entry.revision}"/>'
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<dataIndex battleScribeVersion="2.03" name="T9A" '
        'xmlns="http://www.battlescribe.net/schema/dataIndexSchema">'
        f"<dataIndexEntries>{''.join(rows)}</dataIndexEntries></dataIndex>"
    ).encode()


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def bumped(content: bytes) -> bytes:
    """The catalogue with its root element's revision one higher."""

    def bump(match: re.Match[bytes]) -> bytes:
        return b'revision="%d"' % (int(match.group(1)) + 1)

    root_end = content.index(b">", content.index(b"<catalogue"))
    head = re.sub(rb'(?<![A-Za-z])revision="(\d+)"', bump, content[:root_end], count=1)
    return head + content[root_end:]


def serve_index(server: SourceServer, files: dict[str, bytes], *, path: str = "/t9a.bsi") -> str:
    """Serve a zipped data index of ``files`` at ``path``, the files beside it; its URL."""
    server.routes[path] = zipped({"index.xml": index_xml(files)})
    folder = path.rsplit("/", 1)[0]
    for name, content in files.items():
        server.routes[f"{folder}/{name}"] = content
    return server.url(path)
