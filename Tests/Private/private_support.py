"""Builds of the default content, plain and private, and the browser side of the file format
(docs/guide/private-pages.md) in Python `cryptography`: what a second implementation must read."""
import base64
import json
import os
import shutil
import subprocess

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

from aura_test_paths import REPO, aura_binary

PASSPHRASE = "correct horse battery staple"


def private_content(folder):
    """A copy of Content/ whose site.yml asks for private pages."""
    shutil.copytree(REPO / "Content", folder)
    with open(folder / "site.yml", "a", encoding="utf-8") as settings:
        settings.write("\nprivate:\n  passphrase_env: AURA_PASSPHRASE\n")
    return folder


def build(content, output, passphrase=None):
    environment = dict(os.environ)
    environment.pop("AURA_PASSPHRASE", None)
    if passphrase is not None:
        environment["AURA_PASSPHRASE"] = passphrase
    return subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates", str(REPO / "Templates"),
                           "--output", str(output)], capture_output=True, text=True, env=environment)


def unpadded(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def derive(site, passphrase):
    header = json.loads((site / "private.json").read_text())
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=unpadded(header["salt"]), iterations=header["iterations"])
    return kdf.derive(passphrase.encode())


def open_sealed(sealed, path, key):
    """The plaintext of a sealed file: version 1 ‖ 12-byte nonce ‖ ciphertext ‖ 16-byte tag, AAD = path."""
    assert sealed[0] == 1
    return AESGCM(key).decrypt(sealed[1:13], sealed[13:], path.encode())


def files(site):
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
