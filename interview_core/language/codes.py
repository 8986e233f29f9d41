"""Interview language tags: an ISO 639-1 code (``de``), optionally with a region (``pt-BR``).

A concept or a study names the language an interview is held in; :func:`check_language_tag` validates
it (the configuration models call it, so a bad value is reported with the file and key) and
:func:`language_name` gives the English name the provider prompts use ("German").
"""

from __future__ import annotations

import re

_TAG = re.compile(r"^([A-Za-z]{2})(?:-([A-Za-z0-9]{2,8}))*$")

# ISO 639-1: every two-letter code, with its English name.
ISO_639_1: dict[str, str] = dict(line.split(" ", 1) for line in """\
aa Afar|ab Abkhazian|ae Avestan|af Afrikaans|ak Akan|am Amharic|an Aragonese|ar Arabic|as Assamese|av Avaric
ay Aymara|az Azerbaijani|ba Bashkir|be Belarusian|bg Bulgarian|bi Bislama|bm Bambara|bn Bengali|bo Tibetan
br Breton|bs Bosnian|ca Catalan|ce Chechen|ch Chamorro|co Corsican|cr Cree|cs Czech|cu Church Slavic|cv Chuvash
cy Welsh|da Danish|de German|dv Divehi|dz Dzongkha|ee Ewe|el Greek|en English|eo Esperanto|es Spanish
et Estonian|eu Basque|fa Persian|ff Fulah|fi Finnish|fj Fijian|fo Faroese|fr French|fy Western Frisian|ga Irish
gd Scottish Gaelic|gl Galician|gn Guarani|gu Gujarati|gv Manx|ha Hausa|he Hebrew|hi Hindi|ho Hiri Motu
hr Croatian|ht Haitian Creole|hu Hungarian|hy Armenian|hz Herero|ia Interlingua|id Indonesian|ie Interlingue
ig Igbo|ii Sichuan Yi|ik Inupiaq|io Ido|is Icelandic|it Italian|iu Inuktitut|ja Japanese|jv Javanese
ka Georgian|kg Kongo|ki Kikuyu|kj Kuanyama|kk Kazakh|kl Kalaallisut|km Khmer|kn Kannada|ko Korean|kr Kanuri
ks Kashmiri|ku Kurdish|kv Komi|kw Cornish|ky Kyrgyz|la Latin|lb Luxembourgish|lg Ganda|li Limburgish|ln Lingala
lo Lao|lt Lithuanian|lu Luba-Katanga|lv Latvian|mg Malagasy|mh Marshallese|mi Maori|mk Macedonian|ml Malayalam
mn Mongolian|mr Marathi|ms Malay|mt Maltese|my Burmese|na Nauru|nb Norwegian Bokmål|nd North Ndebele|ne Nepali
ng Ndonga|nl Dutch|nn Norwegian Nynorsk|no Norwegian|nr South Ndebele|nv Navajo|ny Chichewa|oc Occitan
oj Ojibwa|om Oromo|or Odia|os Ossetian|pa Punjabi|pi Pali|pl Polish|ps Pashto|pt Portuguese|qu Quechua
rm Romansh|rn Rundi|ro Romanian|ru Russian|rw Kinyarwanda|sa Sanskrit|sc Sardinian|sd Sindhi|se Northern Sami
sg Sango|si Sinhala|sk Slovak|sl Slovenian|sm Samoan|sn Shona|so Somali|sq Albanian|sr Serbian|ss Swati
st Southern Sotho|su Sundanese|sv Swedish|sw Swahili|ta Tamil|te Telugu|tg Tajik|th Thai|ti Tigrinya|tk Turkmen
tl Tagalog|tn Tswana|to Tonga|tr Turkish|ts Tsonga|tt Tatar|tw Twi|ty Tahitian|ug Uyghur|uk Ukrainian|ur Urdu
uz Uzbek|ve Venda|vi Vietnamese|vo Volapük|wa Walloon|wo Wolof|xh Xhosa|yi Yiddish|yo Yoruba|za Zhuang
zh Chinese|zu Zulu""".replace("\n", "|").split("|"))


def check_language_tag(tag: str) -> str:
    """``tag`` normalised (``DE`` -> ``de``, ``pt-br`` -> ``pt-BR``); ValueError naming the bad value when
    its first part is not an ISO 639-1 code."""
    match = _TAG.match(tag.strip()) if isinstance(tag, str) else None
    if match is None or match.group(1).lower() not in ISO_639_1:
        raise ValueError(f"{tag!r} is not a language code: use a two-letter ISO 639-1 code such as 'en', 'de' "
                         "or 'fr', optionally with a region ('pt-BR')")
    primary, *rest = tag.strip().split("-")
    return "-".join([primary.lower(), *(r.upper() if len(r) == 2 else r for r in rest)])


def primary_language(tag: str | None) -> str:
    """The ISO 639-1 part of a tag (``pt-BR`` -> ``pt``); ``en`` when none is given."""
    return (tag or "en").split("-")[0].lower()


def is_english(tag: str | None) -> bool:
    return primary_language(tag) == "en"


def language_name(tag: str | None) -> str:
    """The English name of a tag's language (``de`` -> ``German``, ``pt-BR`` -> ``Portuguese (BR)``)."""
    parts = (tag or "en").split("-")
    name = ISO_639_1.get(parts[0].lower(), parts[0])
    return f"{name} ({'-'.join(parts[1:])})" if len(parts) > 1 else name
