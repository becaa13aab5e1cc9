"""BattleScribe documents: XML, zipped XML and JSON in, canonical JSON form out, and back.

Stdlib only. Everything that cannot be read raises ``FormatError`` with a stable ``code``.
"""

from .archive import unzip_bundle
from .errors import DEFAULT_LIMITS, FormatError, Limits
from .reader import parse_json, read_document, suffix, xml_bytes
from .schema import BUNDLE_EXTENSION
from .validate import document_root, validate_document
from .xml_reader import parse_xml
from .xml_writer import write_xml

__all__ = [
    "BUNDLE_EXTENSION",
    "DEFAULT_LIMITS",
    "FormatError",
    "Limits",
    "document_root",
    "parse_json",
    "parse_xml",
    "read_document",
    "suffix",
    "unzip_bundle",
    "validate_document",
    "write_xml",
    "xml_bytes",
]
