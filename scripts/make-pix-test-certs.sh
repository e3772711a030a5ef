#!/bin/sh
# Test-only certificates for the mutual-TLS test of the PSP client (tests/server/pspClientTls.test.ts):
# a CA, a server certificate for 127.0.0.1 and a client certificate, both signed by the CA, valid
# 100 years. Nothing here protects anything real. Run from the repository root to make them again.
set -e
cd tests/server/fixtures/pix-mtls
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 36500 -subj "/CN=Aposta test PSP CA" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 36500 -extfile server.ext 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout client.key -out client.csr -subj "/CN=aposta-client" 2>/dev/null
openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out client.pem -days 36500 2>/dev/null
rm -f server.csr client.csr server.ext ca.srl ca.key
