// ServerConfig: flags, the config file, and their precedence.
#include "server/server_config.h"

#include <fstream>

#include <gtest/gtest.h>

namespace jitserve::server {
namespace {

TEST(ServerConfig, DefaultsAreSafe) {
  auto c = parseServerConfig({});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->allowRemoteLoad);
  EXPECT_EQ(c->adminHost, "127.0.0.1");
  EXPECT_EQ(c->metricsHost, "127.0.0.1");
  EXPECT_EQ(c->grpcPort, 8001);
  EXPECT_TRUE(c->optimize);
  EXPECT_EQ(c->inlineMaxUs, 50);
}

TEST(ServerConfig, InlineMaxUs) {
  auto c = parseServerConfig({"--inline-max-us", "0"});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->inlineMaxUs, 0);
  EXPECT_FALSE(parseServerConfig({"--inline-max-us", "-1"}).ok());
}

TEST(ServerConfig, OptimizeCanBeTurnedOff) {
  auto c = parseServerConfig({"--optimize=false"});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->optimize);
  c = parseServerConfig({"--optimize"});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(c->optimize);
  const std::string path = ::testing::TempDir() + "/jitserved_config_optimize.json";
  std::ofstream(path) << R"({"optimize": false})";
  c = parseServerConfig({"--config", path});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->optimize);
  EXPECT_NE(std::string(parseServerConfig({"--optimize=maybe"}).status().message()).find("--optimize"),
            std::string::npos);
}

TEST(ServerConfig, FlagsBothSpellings) {
  auto c = parseServerConfig({"--model-repository", "/m", "--grpc-port=0", "--allow-remote-load", "--workers", "3"});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->modelRepository, "/m");
  EXPECT_EQ(c->grpcPort, 0);
  EXPECT_TRUE(c->allowRemoteLoad);
  EXPECT_EQ(c->workers, 3);
}

TEST(ServerConfig, ThreadPoolSizes) {
  auto d = parseServerConfig({});
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->intraOpThreads, 0);  // the runtime's defaults
  EXPECT_EQ(d->interOpThreads, 0);
  auto c = parseServerConfig({"--intra-op-threads", "1", "--inter-op-threads=4"});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->intraOpThreads, 1);
  EXPECT_EQ(c->interOpThreads, 4);
  EXPECT_FALSE(parseServerConfig({"--inter-op-threads", "-1"}).ok());
}

TEST(ServerConfig, FileThenFlags) {
  const std::string path = ::testing::TempDir() + "/jitserved_config_test.json";
  std::ofstream(path) << R"({"grpc_port": 9000, "workers": 2, "allow_remote_load": true, "model_repository": "/r"})";
  auto c = parseServerConfig({"--workers", "5", "--config", path});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->grpcPort, 9000);
  EXPECT_EQ(c->workers, 5);  // the flag wins over the file
  EXPECT_TRUE(c->allowRemoteLoad);
  EXPECT_EQ(c->modelRepository, "/r");
}

TEST(ServerConfig, TlsFlagsGoTogether) {
  EXPECT_TRUE(parseServerConfig({}).ok());
  EXPECT_TRUE(parseServerConfig({"--tls-cert", "c.pem", "--tls-key", "k.pem", "--tls-client-ca", "ca.pem"}).ok());
  auto alone = parseServerConfig({"--tls-cert", "c.pem"});
  ASSERT_FALSE(alone.ok());
  EXPECT_NE(alone.status().message().find("--tls-cert and --tls-key go together"), std::string_view::npos);
  EXPECT_FALSE(parseServerConfig({"--tls-client-ca", "ca.pem"}).ok());
  EXPECT_FALSE(parseServerConfig({"--tls-cert", "c", "--tls-key", "k", "--tls-reload-seconds", "0"}).ok());
}

TEST(ServerConfig, TlsFilesAreCheckedAtStart) {
  const std::string dir = ::testing::TempDir();
  const std::string cert = dir + "/tls_cert.pem", key = dir + "/tls_key.pem", junk = dir + "/tls_junk.txt";
  std::ofstream(cert) << "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
  std::ofstream(key) << "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
  std::ofstream(junk) << "not a certificate\n";
  ServerConfig c;
  EXPECT_TRUE(checkTlsFiles(c).ok());  // no TLS
  c.tlsCert = cert;
  c.tlsKey = key;
  EXPECT_TRUE(checkTlsFiles(c).ok());
  c.tlsKey = cert;  // a certificate where the key should be
  EXPECT_EQ(checkTlsFiles(c).message(), "--tls-key: " + cert + " holds no PEM PRIVATE KEY");
  c.tlsKey = key;
  c.tlsClientCa = junk;
  EXPECT_EQ(checkTlsFiles(c).message(), "--tls-client-ca: " + junk + " holds no PEM CERTIFICATE");
  c.tlsClientCa = dir + "/missing.pem";
  EXPECT_EQ(checkTlsFiles(c).message(), "--tls-client-ca: cannot read " + dir + "/missing.pem");
}

TEST(ServerConfig, ErrorsNameTheProblem) {
  EXPECT_NE(std::string(parseServerConfig({"--bogus"}).status().message()).find("unknown flag --bogus"),
            std::string::npos);
  EXPECT_NE(std::string(parseServerConfig({"--grpc-port", "x"}).status().message()).find("--grpc-port"),
            std::string::npos);
  EXPECT_FALSE(parseServerConfig({"--grpc-port", "70000"}).ok());
  EXPECT_FALSE(parseServerConfig({"--max-queue", "0"}).ok());
  EXPECT_FALSE(parseServerConfig({"--workers"}).ok());
  const std::string path = ::testing::TempDir() + "/jitserved_config_bad.json";
  std::ofstream(path) << R"({"grpc_prot": 1})";
  EXPECT_NE(std::string(parseServerConfig({"--config", path}).status().message()).find("unknown setting 'grpc_prot'"),
            std::string::npos);
  EXPECT_TRUE(absl::IsCancelled(parseServerConfig({"--help"}).status()));
}

}  // namespace
}  // namespace jitserve::server
