"""The one error every reader and writer raises for input it will not accept."""

from dataclasses import dataclass


class FormatError(ValueError):
    """A document is malformed, hostile, too large or not a BattleScribe document.

    ``code`` is stable (tests and API clients compare it); the message is for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def refuse_over(size: int, limit: int, what: str) -> None:
    """Raise ``format.too_large`` when ``what`` (its ``size`` in bytes) is over ``limit``."""
    if size > limit:
        raise FormatError("format.too_large", f"{what} is {size} bytes, over the limit of {limit}")


@dataclass(frozen=True, slots=True)
class Limits:
    """Size limits applied while reading. The defaults suit an upload form."""

    max_input_bytes: int = 50 * 1024 * 1024  # what arrives (a zip: the compressed size)
    max_document_bytes: int = 200 * 1024 * 1024  # XML or JSON once unzipped
    max_zip_members: int = 16  # a .gstz/.catz/.rosz holds one document
    max_bundle_members: int = 2000  # a .zip of many documents
    max_zip_ratio: int = 200  # uncompressed / compressed, per member
    max_depth: int = 200  # element (or JSON object) nesting


DEFAULT_LIMITS = Limits()
