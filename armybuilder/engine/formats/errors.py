"""The one error every reader and writer raises for input it will not accept, and its codes."""

from dataclasses import dataclass

from armybuilder.engine.refusals import Refused, refusal


class FormatError(Refused):
    """A document is malformed, hostile, too large or not a BattleScribe document.

    ``code`` is stable (tests and API clients compare it) and ``params`` are JSON data: the
    pages and the API word them in the reader's language (``armybuilder.messages.REFUSALS``);
    the message is the English of logs and the command line.
    """


# One code per situation a reader or writer refuses; the files that raise them register here
# so that one list holds every code a player may be shown.
TOO_LARGE = refusal("format.too_large", "The file is {size} bytes, over the limit of {limit}.")
TOO_LARGE_UNZIPPED = refusal(
    "format.too_large_unzipped", "{name} unzips to more than {limit} bytes."
)
TOO_DEEP = refusal("format.too_deep", "The document nests deeper than {limit} levels.")
DTD = refusal("format.dtd", "The document has a DTD (DOCTYPE), which is not allowed.")
MALFORMED = refusal(
    "format.malformed", "The file is not well-formed XML (line {line}, column {column})."
)
EMPTY = refusal("format.empty", "The file holds no XML element.")
WRONG_ROOT = refusal(
    "format.wrong_root", "The document is a {found}, not one of these: {expected}."
)
WRONG_ROOT_SHAPE = refusal(
    "format.wrong_root_shape",
    "A document is an object with exactly one key, one of these: {expected}.",
)
WRONG_NAMESPACE = refusal(
    "format.wrong_namespace", "<{tag}> is in namespace “{namespace}”, not BattleScribe's."
)
UNSUPPORTED = refusal(
    "format.unsupported", "“{name}” is not one of the file types read here ({expected})."
)
DUPLICATE_ELEMENT = refusal(
    "format.duplicate_element", "<{parent}> has more than one <{tag}> (or a clashing attribute)."
)
TEXT_ONLY = refusal("format.text_only", "<{parent}> holds text only, but contains <{tag}>.")
MIXED_CONTENT = refusal("format.mixed_content", "<{tag}> mixes text with elements.")
NOT_AN_OBJECT = refusal("format.not_an_object", "{path} must be an object.")
MISSING_FIELD = refusal("format.missing_field", "The {kind} needs a non-empty {key}.")
BAD_KEY = refusal("format.bad_key", "{path}: keys must be non-empty strings.")
NOT_BOOLEAN = refusal("format.not_boolean", "{path}: {key} must be true or false.")
NOT_FINITE = refusal("format.not_finite", "{path}: {key} is not a finite number.")
BAD_VALUE = refusal("format.bad_value", "{path}: {key} has an unsupported value.")
BAD_TEXT = refusal("format.bad_text", "{path}: {key} holds a control character.")
NO_TAG = refusal("format.no_tag", 'An item of {key} has no "$tag".')
INVALID_TEXT = refusal("format.invalid_text", "A string holds a character XML cannot carry.")
INVALID_NAME = refusal("format.invalid_name", "“{name}” cannot be an XML name.")
INVALID_NUMBER = refusal("format.invalid_number", "{value} is not a finite number.")
INVALID_VALUE = refusal("format.invalid_value", "A {type} cannot be an attribute.")
JSON = refusal("format.json", "The file is not valid JSON (line {line}, column {column}).")
JSON_ENCODING = refusal("format.json_encoding", "The file is not JSON text in UTF-8.")
JSON_CONSTANT = refusal("format.json_constant", "{name} is not a JSON number.")
JSON_TOO_DEEP = refusal("format.json_too_deep", "The JSON nests too deeply.")
ZIP = refusal("format.zip", "The file is not a readable zip archive.")
ZIP_ENCRYPTED = refusal("format.zip_encrypted", "{name} is encrypted.")
ZIP_RATIO = refusal("format.zip_ratio", "{name} expands more than {limit} times.")
ZIP_MEMBER = refusal("format.zip_member", "{name} cannot be unzipped.")
ZIP_TOO_MANY_ENTRIES = refusal(
    "format.zip_too_many_entries", "The archive has {count} entries, over {limit}."
)
ZIP_NOT_ONE_DOCUMENT = refusal(
    "format.zip_not_one_document",
    "The archive must hold exactly one XML document, not {count}.",
)
ZIP_OUTSIDE = refusal("format.zip_outside", "{name} points outside the archive.")
ZIP_NO_DOCUMENT = refusal(
    "format.zip_no_document", "The archive holds no game system or catalogue."
)


def refuse_over(size: int, limit: int) -> None:
    """Raise ``format.too_large`` when ``size`` (in bytes) is over ``limit``."""
    if size > limit:
        raise FormatError(TOO_LARGE, {"size": size, "limit": limit})


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
