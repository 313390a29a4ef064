// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The parts of a Safe (v1.3+/1.4) with its CompatibilityFallbackHandler and SignMessageLib that Tokenrail relies on,
/// in one contract: owners and a threshold, SafeMessage hashes, ERC-1271 and on-chain signed messages. For tests only.
contract SafeLikeAccount {
    bytes32 private constant DOMAIN_SEPARATOR_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 private constant SAFE_MSG_TYPEHASH = keccak256("SafeMessage(bytes message)");
    bytes4 private constant EIP1271_MAGIC_VALUE = 0x1626ba7e;

    mapping(address => bool) public isOwner;
    uint256 public immutable threshold;
    mapping(bytes32 => uint256) public signedMessages;

    event SignMsg(bytes32 indexed msgHash);

    constructor(address[] memory owners, uint256 threshold_) {
        require(threshold_ > 0 && threshold_ <= owners.length, "bad threshold");
        for (uint256 i = 0; i < owners.length; i++) isOwner[owners[i]] = true;
        threshold = threshold_;
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_SEPARATOR_TYPEHASH, block.chainid, address(this)));
    }

    /// CompatibilityFallbackHandler.getMessageHash: the EIP-712 SafeMessage hash of `message` for this account.
    function getMessageHash(bytes memory message) public view returns (bytes32) {
        bytes32 safeMessageHash = keccak256(abi.encode(SAFE_MSG_TYPEHASH, keccak256(message)));
        return keccak256(abi.encodePacked(bytes1(0x19), bytes1(0x01), domainSeparator(), safeMessageHash));
    }

    /// SignMessageLib.signMessage, which a Safe runs by delegatecall from a multisig transaction; here any owner may.
    function signMessage(bytes calldata message) external {
        require(isOwner[msg.sender], "caller is not an owner");
        bytes32 msgHash = getMessageHash(message);
        signedMessages[msgHash] = 1;
        emit SignMsg(msgHash);
    }

    /// ERC-1271 as the CompatibilityFallbackHandler answers it: owners sign the SafeMessage hash of `dataHash`; an
    /// empty signature means "signed on chain".
    function isValidSignature(bytes32 dataHash, bytes calldata signature) external view returns (bytes4) {
        bytes32 messageHash = getMessageHash(abi.encode(dataHash));
        if (signature.length == 0) {
            require(signedMessages[messageHash] != 0, "hash not signed on chain");
        } else {
            checkSignatures(messageHash, signature);
        }
        return EIP1271_MAGIC_VALUE;
    }

    /// Safe's rule for plain ECDSA signatures: `threshold` 65-byte {r}{s}{v} signatures by distinct owners, in
    /// ascending owner order.
    function checkSignatures(bytes32 hash, bytes calldata signatures) public view {
        require(signatures.length >= threshold * 65, "signatures too short");
        address last = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            bytes32 r = bytes32(signatures[i * 65:i * 65 + 32]);
            bytes32 s = bytes32(signatures[i * 65 + 32:i * 65 + 64]);
            uint8 v = uint8(signatures[i * 65 + 64]);
            address signer = ecrecover(hash, v, r, s);
            require(signer > last && isOwner[signer], "invalid owner signature");
            last = signer;
        }
    }
}
