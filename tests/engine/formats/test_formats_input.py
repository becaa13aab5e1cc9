"""Reading rules, unknown content kept, and every hostile or malformed input refused."""

import io
import json
import zipfile

import pytest

from armybuilder.engine.formats import (
    DEFAULT_LIMITS,
    FormatError,
    Limits,
    parse_xml,
    read_document,
    unzip_bundle,
    write_xml,
)

NS = 'xmlns="http://www.battlescribe.net/schema/catalogueSchema"'
CATALOGUE = f"""<?xml version="1.0" encoding="UTF-8"?>
<catalogue id="c1" name="Cat" revision="3" library="false" gameSystemId="gs" {NS}>
  <readme>  Hello &amp; welcome  </readme>
  <selectionEntries>
    <selectionEntry id="e1" name="Unit" type="unit" hidden="false" nr:extra="x"
        xmlns:nr="urn:newrecruit">
      <costs><cost name="pts" typeId="p" value="12.5"/></costs>
      <modifiers><modifier type="set" field="p" value="3"/></modifiers>
      <constraints><constraint id="k" type="max" value="1" field="selections" scope="parent"
          shared="true"/></constraints>
      <profiles>
        <profile id="p1" name="Unit" typeId="t">
          <characteristics>
            <characteristic name="M" typeId="m">6"</characteristic>
            <characteristic name="Ld" typeId="l"/>
          </characteristics>
        </profile>
      </profiles>
      <futureThing level="2"><note>kept</note></futureThing>
      <futureList><item a="1"/><other b="2"/></futureList>
      <futureText>plain</futureText>
    </selectionEntry>
  </selectionEntries>
  <sharedRules><rule id="r1" name="R"><description>Text</description></rule></sharedRules>
</catalogue>
"""


def _zip(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def _code(data: bytes, filename: str, limits: Limits = DEFAULT_LIMITS) -> str:
    with pytest.raises(FormatError) as caught:
        read_document(data, filename, limits=limits)
    assert caught.value.message
    return caught.value.code


def test_known_values_are_typed_and_text_fields_kept() -> None:
    body = read_document(CATALOGUE.encode(), "x.cat")["catalogue"]
    assert body["revision"] == 3
    assert body["library"] is False
    assert body["readme"] == "  Hello & welcome  "
    entry = body["selectionEntries"][0]
    assert entry["hidden"] is False
    assert entry["costs"] == [{"name": "pts", "typeId": "p", "value": 12.5}]
    assert entry["modifiers"][0]["value"] == "3"
    assert entry["constraints"][0]["value"] == 1
    assert entry["constraints"][0]["shared"] is True
    characteristics = entry["profiles"][0]["characteristics"]
    assert [c["$text"] for c in characteristics] == ['6"', ""]
    assert body["sharedRules"][0]["description"] == "Text"


def test_unknown_elements_and_attributes_are_kept_and_written_back() -> None:
    document = read_document(CATALOGUE.encode(), "x.cat")
    entry = document["catalogue"]["selectionEntries"][0]
    assert entry["nr:extra"] == "x"
    assert entry["futureThing"] == {"level": "2", "note": {"$text": "kept"}}
    assert entry["futureList"] == [{"$tag": "item", "a": "1"}, {"$tag": "other", "b": "2"}]
    assert entry["futureText"] == {"$text": "plain"}
    assert parse_xml(write_xml(document)) == document


def test_item_with_unusual_tag_keeps_its_tag() -> None:
    costs = '<costs><cost value="1"/><bonus value="2"/></costs>'
    xml = f'<catalogue id="c" name="n" {NS}>{costs}</catalogue>'
    body = parse_xml(xml.encode())["catalogue"]
    assert body["costs"] == [{"value": 1}, {"$tag": "bonus", "value": "2"}]
    assert b"<bonus " in write_xml({"catalogue": body})


def test_json_form_is_read_and_checked() -> None:
    document = {"catalogue": {"id": "c", "name": "n", "costs": [{"value": 1, "name": "pts"}]}}
    assert read_document(json.dumps(document).encode(), "c.json") == document


def test_zipped_xml_is_read() -> None:
    data = _zip({"inner.cat": CATALOGUE.encode()})
    assert read_document(data, "x.catz") == read_document(CATALOGUE.encode(), "x.cat")


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<catalogue id="c" name="&lol3;"/>"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE catalogue [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<catalogue id="c" name="&xxe;"/>"""
EXTERNAL_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE catalogue SYSTEM "http://example.invalid/evil.dtd">
<catalogue id="c" name="n"/>"""


@pytest.mark.parametrize(
    ("data", "filename", "code"),
    [
        pytest.param(BILLION_LAUGHS, "x.cat", "format.dtd", id="billion-laughs"),
        pytest.param(EXTERNAL_ENTITY, "x.cat", "format.dtd", id="external-entity"),
        pytest.param(EXTERNAL_DTD, "x.cat", "format.dtd", id="external-dtd"),
        pytest.param(
            b'<catalogue id="c" name="&undefined;"/>', "x.cat", "format.malformed", id="entity"
        ),
        pytest.param(CATALOGUE.encode()[:-40], "x.cat", "format.malformed", id="truncated"),
        pytest.param(b"", "x.cat", "format.malformed", id="empty"),
        pytest.param(b'<html><body id="c"/></html>', "x.cat", "format.wrong_root", id="wrong-root"),
        pytest.param(
            b'<roster id="r" name="n"/>', "x.cat", "format.wrong_root", id="root-vs-extension"
        ),
        pytest.param(
            b'<catalogue xmlns="urn:other" id="c" name="n"/>',
            "x.cat",
            "format.wrong_namespace",
            id="namespace",
        ),
        pytest.param(b"\xff\xfe\x00garbage\x9c\x80", "x.cat", "format.malformed", id="garbage"),
        pytest.param(
            b'<catalogue id="c" name="\xe9t\xe9"/>',
            "x.cat",
            "format.malformed",
            id="latin1-as-utf8",
        ),
        pytest.param(
            b'<catalogue id="c" name="n"><a/><a/></catalogue>',
            "x.cat",
            "format.duplicate_element",
            id="dup",
        ),
        pytest.param(
            b"<catalogue><readme>a<b/></readme></catalogue>",
            "x.cat",
            "format.text_only",
            id="text-elem",
        ),
        pytest.param(b"{not json", "x.json", "format.json", id="bad-json"),
        pytest.param(b"\xff\xfe{}", "x.json", "format.json", id="json-garbage"),
        pytest.param(
            b'{"catalogue": {"id": "c", "name": "n", "v": NaN}}',
            "x.json",
            "format.json_constant",
            id="nan",
        ),
        pytest.param(b"[]", "x.json", "format.wrong_root_shape", id="json-list"),
        pytest.param(
            b'{"army": {"id": "a", "name": "n"}}', "x.json", "format.wrong_root", id="json-root"
        ),
        pytest.param(
            b'{"catalogue": {"name": "n"}}', "x.json", "format.missing_field", id="json-no-id"
        ),
        pytest.param(
            b'{"catalogue": {"id": "c", "name": "n", "costs": [1, 2]}}',
            "x.json",
            "format.not_an_object",
            id="json-items",
        ),
        pytest.param(
            b'{"catalogue": {"id": "c", "name": "n", "hidden": null}}',
            "x.json",
            "format.bad_value",
            id="json-null",
        ),
        pytest.param(
            b"[" * 100000 + b"]" * 100000, "x.json", "format.json_too_deep", id="json-deep"
        ),
        pytest.param(b"PK\x03\x04broken", "x.catz", "format.zip", id="bad-zip"),
        pytest.param(b"data", "x.exe", "format.unsupported", id="extension"),
    ],
)
def test_malformed_or_hostile_input_is_refused(data: bytes, filename: str, code: str) -> None:
    assert _code(data, filename) == code


def test_deep_xml_is_refused() -> None:
    xml = f'<catalogue id="c" name="n" {NS}>' + "<x a='1'>" * 300 + "</x>" * 300 + "</catalogue>"
    assert _code(xml.encode(), "x.cat") == "format.too_deep"


def test_json_nesting_beyond_the_limit_is_refused() -> None:
    node: dict[str, object] = {"a": "b"}
    for _ in range(50):
        node = {"child": node}
    document = {"catalogue": {"id": "c", "name": "n", "x": node}}
    assert _code(json.dumps(document).encode(), "x.json", Limits(max_depth=20)) == "format.too_deep"


def test_oversized_input_is_refused() -> None:
    limits = Limits(max_input_bytes=1000, max_document_bytes=1000)
    assert _code(CATALOGUE.encode() + b" " * 1000, "x.cat", limits) == "format.too_large"


def test_zip_bomb_is_refused() -> None:
    bomb = _zip({"x.cat": b"<catalogue" + b" " * 5_000_000 + b"/>"})
    assert _code(bomb, "x.catz") == "format.zip_ratio"


def test_zip_unzipping_over_the_limit_is_refused() -> None:
    data = _zip({"x.cat": CATALOGUE.encode()}, zipfile.ZIP_STORED)
    assert _code(data, "x.catz", Limits(max_document_bytes=100)) == "format.too_large_unzipped"


@pytest.mark.parametrize(
    ("members", "code"),
    [
        pytest.param({}, "format.zip_not_one_document", id="empty"),
        pytest.param(
            {"a.cat": CATALOGUE.encode(), "b.cat": CATALOGUE.encode()},
            "format.zip_not_one_document",
            id="two-documents",
        ),
        pytest.param({"notes.txt": b"hello"}, "format.zip_not_one_document", id="no-document"),
        pytest.param({"../../evil.cat": CATALOGUE.encode()}, "format.zip_outside", id="traversal"),
        pytest.param({"/etc/evil.cat": CATALOGUE.encode()}, "format.zip_outside", id="absolute"),
        pytest.param(
            {"..\\evil.cat": CATALOGUE.encode()}, "format.zip_outside", id="backslash-traversal"
        ),
        pytest.param(
            {f"f{i}.txt": b"x" for i in range(40)} | {"a.cat": CATALOGUE.encode()},
            "format.zip_too_many_entries",
            id="many",
        ),
    ],
)
def test_zip_without_exactly_one_safe_document_is_refused(
    members: dict[str, bytes], code: str
) -> None:
    assert _code(_zip(members), "x.catz") == code


def test_zip_holding_hostile_xml_is_refused() -> None:
    assert _code(_zip({"x.cat": BILLION_LAUGHS}), "x.catz") == "format.dtd"


def test_writer_refuses_what_xml_cannot_carry() -> None:
    with pytest.raises(FormatError) as caught:
        write_xml({"catalogue": {"id": "c", "name": "bad\x00char"}})
    assert caught.value.code == "format.invalid_text"
    with pytest.raises(FormatError) as caught:
        write_xml({"catalogue": {"id": "c", "name": "n", "bad key": "v"}})
    assert caught.value.code == "format.invalid_name"


def test_bundle_yields_every_document_and_skips_other_files() -> None:
    data = _zip(
        {
            "repo/a.cat": CATALOGUE.encode(),
            "repo/b.catz": _zip({"b.cat": CATALOGUE.encode()}),
            "repo/c.json": b"{}",
            "repo/README.md": b"hello",
        }
    )
    assert [name for name, _ in unzip_bundle(data)] == ["repo/a.cat", "repo/b.catz", "repo/c.json"]


@pytest.mark.parametrize(
    ("members", "limits", "code"),
    [
        pytest.param(
            {"notes.txt": b"x"}, DEFAULT_LIMITS, "format.zip_no_document", id="no-document"
        ),
        pytest.param(
            {f"{i}.cat": CATALOGUE.encode() for i in range(5)},
            Limits(max_bundle_members=3),
            "format.zip_too_many_entries",
            id="too-many-members",
        ),
        pytest.param(
            {f"{i}.cat": CATALOGUE.encode() for i in range(5)},
            Limits(max_document_bytes=len(CATALOGUE) * 3),
            "format.too_large_unzipped",
            id="total-unzipped-size",
        ),
    ],
)
def test_bundle_limits(members: dict[str, bytes], limits: Limits, code: str) -> None:
    with pytest.raises(FormatError) as caught:
        unzip_bundle(_zip(members), limits=limits)
    assert caught.value.code == code
