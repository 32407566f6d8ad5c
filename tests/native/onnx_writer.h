// Encodes ONNX protobuf messages for tests with protozero's writer (field numbers from onnx.proto).
// Each function returns one serialized message; messages nest by passing those strings on.
#pragma once

#include <protozero/pbf_writer.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ow::test::pb {

using protozero::pbf_writer;

inline void add_strings(pbf_writer& w, protozero::pbf_tag_type tag, const std::vector<std::string>& values) {
  for (const std::string& v : values) w.add_string(tag, v);
}

inline void add_messages(pbf_writer& w, protozero::pbf_tag_type tag, const std::vector<std::string>& messages) {
  for (const std::string& m : messages) w.add_message(tag, m);
}

// ---- AttributeProto (type numbers: FLOAT 1, INT 2, STRING 3, FLOATS 6, INTS 7)

inline std::string attr_int(const std::string& name, int64_t v) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 2);
  w.add_int64(3, v);
  return s;
}

inline std::string attr_float(const std::string& name, float v) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 1);
  w.add_float(2, v);
  return s;
}

inline std::string attr_string(const std::string& name, const std::string& v) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 3);
  w.add_bytes(4, v);
  return s;
}

// onnx.proto does not mark AttributeProto.ints packed, so writers emit one field per element; a
// reader must accept packed lists too.
inline std::string attr_ints(const std::string& name, const std::vector<int64_t>& v, bool packed = false) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 7);
  if (packed) {
    w.add_packed_int64(8, v.begin(), v.end());
  } else {
    for (int64_t x : v) w.add_int64(8, x);
  }
  return s;
}

inline std::string attr_floats(const std::string& name, const std::vector<float>& v) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 6);
  for (float x : v) w.add_float(7, x);
  return s;
}

// ---- NodeProto

struct NodeSpec {
  std::string op;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::string name;
  std::vector<std::string> attributes;  // AttributeProto messages
  std::string domain;
};

inline std::string node(const NodeSpec& n) {
  std::string s;
  pbf_writer w(s);
  add_strings(w, 1, n.inputs);
  add_strings(w, 2, n.outputs);
  if (!n.name.empty()) w.add_string(3, n.name);
  w.add_string(4, n.op);
  add_messages(w, 5, n.attributes);
  if (!n.domain.empty()) w.add_string(7, n.domain);
  return s;
}

// ---- ValueInfoProto: dims as fixed sizes, with kSymbolic entries named by `params`

struct DimSpec {
  bool fixed;
  int64_t value;
  std::string param;  // dim_param when !fixed; empty: neither field
};
inline DimSpec fixed(int64_t v) { return {true, v, ""}; }
inline DimSpec symbolic(std::string param = "") { return {false, 0, std::move(param)}; }

inline std::string value_info(const std::string& name, int32_t elem_type, const std::vector<DimSpec>* dims) {
  std::string shape;
  if (dims) {
    pbf_writer sw(shape);
    for (const DimSpec& d : *dims) {
      std::string dim;
      pbf_writer dw(dim);
      if (d.fixed) dw.add_int64(1, d.value);
      if (!d.fixed && !d.param.empty()) dw.add_string(2, d.param);
      sw.add_message(1, dim);
    }
  }
  std::string tensor_type;
  {
    pbf_writer tw(tensor_type);
    tw.add_int32(1, elem_type);
    if (dims) tw.add_message(2, shape);
  }
  std::string type;
  {
    pbf_writer tw(type);
    tw.add_message(1, tensor_type);
  }
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_message(2, type);
  return s;
}

inline std::string value_info(const std::string& name, int32_t elem_type, const std::vector<DimSpec>& dims) {
  return value_info(name, elem_type, &dims);
}

// ---- TensorProto

// The tensor's header (dims, data_type, name); callers append a data field to the same string.
inline std::string tensor_header(const std::string& name, int32_t data_type, const std::vector<int64_t>& dims) {
  std::string s;
  pbf_writer w(s);
  for (int64_t d : dims) w.add_int64(1, d);
  w.add_int32(2, data_type);
  if (!name.empty()) w.add_string(8, name);
  return s;
}

template <typename T>
std::string tensor_raw(const std::string& name, int32_t data_type, const std::vector<int64_t>& dims,
                       const std::vector<T>& values) {
  std::string s = tensor_header(name, data_type, dims);
  pbf_writer w(s);
  w.add_bytes(9, reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
  return s;
}

// ---- GraphProto and ModelProto

struct GraphSpec {
  std::vector<std::string> nodes;
  std::vector<std::string> initializers;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
};

inline std::string graph(const GraphSpec& g) {
  std::string s;
  pbf_writer w(s);
  add_messages(w, 1, g.nodes);
  w.add_string(2, "graph");
  add_messages(w, 5, g.initializers);
  add_messages(w, 11, g.inputs);
  add_messages(w, 12, g.outputs);
  return s;
}

// A GRAPH attribute (type 5, field g = 6): If's branches.
inline std::string attr_graph(const std::string& name, const GraphSpec& g) {
  std::string s;
  pbf_writer w(s);
  w.add_string(1, name);
  w.add_int32(20, 5);
  w.add_message(6, graph(g));
  return s;
}

struct ModelSpec {
  int64_t ir_version = 8;
  std::vector<std::pair<std::string, int64_t>> opsets = {{"", 13}};
  std::string graph;  // GraphProto message; empty: no graph field
};

inline std::string model(const ModelSpec& m) {
  std::string s;
  pbf_writer w(s);
  if (m.ir_version) w.add_int64(1, m.ir_version);
  w.add_string(2, "onnx-wasm tests");
  if (!m.graph.empty()) w.add_message(7, m.graph);
  for (const auto& [domain, version] : m.opsets) {
    std::string opset;
    pbf_writer ow(opset);
    if (!domain.empty()) ow.add_string(1, domain);
    ow.add_int64(2, version);
    w.add_message(8, opset);
  }
  return s;
}

}  // namespace ow::test::pb
